// The log's folding of repeated steps (see logGroups.ts), on entries as the engine writes
// them: Votes for Women's "cube" steps carry a `run`, nothing else does. Run by `npm test`
// (test.mjs), part of `npm run check`.
import { create } from "@bufbuild/protobuf";
import { LogEntrySchema, Origin, type LogEntry } from "../gen/hustings/v1/hustings_pb";
import { groupLog, summarize, type LogLine } from "./logGroups";
import { equal } from "../testkit";

type Fields = Partial<{ seat: number; location: string; card: string; dice: number[]; amount: bigint; origin: Origin; run: string }>;

let next = 0n;
const entry = (kind: string, text: string, fields: Fields = {}): LogEntry =>
  create(LogEntrySchema, { seq: next++, kind, text, origin: Origin.GAME, ...fields });
/** A cube step as Votes for Women logs it: `verb` is "adds" or "removes". */
const cube = (seat: number | undefined, verb: string, hue: string, place: string) => {
  const side = seat === 0 ? "Suffragist" : "Opposition";
  const to = verb === "adds" ? "in" : "from";
  return entry("cube", `${side} ${verb} a ${hue} cube ${to} ${place}`, {
    seat,
    location: place,
    run: `${side} ${verb} {n} ${hue} cubes: {places}`,
  });
};

/** Each line as the pane would show it: a group's summary with its count, else the text. */
const shown = (lines: LogLine[]) =>
  lines.map((l) => (l.type === "group" ? `[${String(l.entries.length)}] ${l.summary}` : l.entry.text)).join(" | ");

export const tests: Record<string, () => void> = {
  "a card's run of cube placements folds into one line, places in order": () => {
    const lines = groupLog([
      entry("event", "Opposition plays Horace Greeley as an event: add cubes: 2 in New York, 2 in Connecticut", {
        seat: 1,
        card: "horace-greeley",
      }),
      cube(1, "adds", "red", "NY"),
      cube(1, "adds", "red", "NY"),
      cube(1, "adds", "red", "CT"),
      entry("round", "Round 2", { amount: 2n }),
    ]);
    equal(lines.length, 3);
    const groups = lines.filter((l) => l.type === "group");
    equal(groups.length, 1);
    equal(lines[1], groups[0], "the group stands where its entries stood");
    equal(groups[0]?.entries.length, 3, "entries folded");
    equal(groups[0]?.entries.map((e) => e.location).join(","), "NY,NY,CT");
    equal(groups[0]?.summary, "Opposition adds 3 red cubes: NY, NY, CT");
    equal(shown(lines.slice(2)), "Round 2", "the header after it stays");
  },
  "steps of another colour, verb or seat do not fold together": () => {
    const lines = groupLog([
      cube(0, "adds", "yellow", "CO"),
      cube(0, "adds", "purple", "NC"),
      cube(0, "adds", "purple", "WA"),
      cube(0, "removes", "red", "WA"),
      cube(1, "removes", "purple", "WA"),
      entry("decided", "Washington ratifies the amendment (3 checks, 0 Xs)", { seat: 0, location: "WA" }),
    ]);
    equal(
      shown(lines),
      "Suffragist adds a yellow cube in CO | [2] Suffragist adds 2 purple cubes: NC, WA | " +
        "Suffragist removes a red cube from WA | Opposition removes a purple cube from WA | " +
        "Washington ratifies the amendment (3 checks, 0 Xs)",
    );
    // Two seats of one side (a team variant) write the same words but are two players.
    const team = groupLog([cube(0, "adds", "purple", "NY"), { ...cube(0, "adds", "purple", "NJ"), seat: 2 }]);
    equal(team.length, 2, "a partner's step is not the same action");
  },
  "a line without a run breaks one, and two cards' runs stay apart": () => {
    const play = (name: string) => entry("event", `Suffragist plays ${name} as an event: add 1 in …`, { seat: 0, card: name });
    const lines = groupLog([
      play("lucy-stone"),
      cube(0, "adds", "purple", "NJ"),
      cube(0, "adds", "purple", "PA"),
      play("pioneer-women"),
      cube(0, "adds", "purple", "DE"),
      cube(0, "adds", "purple", "MD"),
      entry("roll", "Suffragist rolls 2 d6: 2, 5", { seat: 0, dice: [2, 5] }),
      cube(0, "adds", "purple", "VA"),
    ]);
    equal(
      shown(lines),
      "Suffragist plays lucy-stone as an event: add 1 in … | [2] Suffragist adds 2 purple cubes: NJ, PA | " +
        "Suffragist plays pioneer-women as an event: add 1 in … | [2] Suffragist adds 2 purple cubes: DE, MD | " +
        "Suffragist rolls 2 d6: 2, 5 | Suffragist adds a purple cube in VA",
    );
  },
  "entries without a run never fold, however alike they read": () => {
    const vote = (place: string) =>
      entry("vote", `${place} votes: the Suffragist rolls 4, the Opposition rolls 2`, { seat: 0, location: place, dice: [4, 2] });
    equal(groupLog([vote("OH"), vote("OH")]).length, 2);
    const marker = () => entry("marker", "The West: radicalizes Red → Blue (white voters)", { seat: 0, location: "the-west" });
    equal(groupLog([marker(), marker()]).length, 2);
  },
  "single entries and service entries pass through as they are, in order": () => {
    const undo = () => entry("undo", "Suffragist took back a move", { seat: 0, origin: Origin.SERVICE, run: "x {n}" });
    const entries = [
      entry("turn", "Turn 1 begins", { amount: 1n }),
      cube(undefined, "adds", "red", "NY"),
      undo(),
      undo(),
      entry("oppobot", "Oppobot: rolls region d6 1, state d8 3 → California (West 3)"),
      cube(undefined, "adds", "red", "CA"),
    ];
    const lines = groupLog(entries);
    equal(lines.length, entries.length, "a service entry stands alone, even with a run");
    lines.forEach((l, i) => {
      equal(l.type === "entry" && l.entry, entries[i], `line ${String(i)}`);
    });
    equal(groupLog([]).length, 0);
  },
  "the Oppobot's steps (no seat) fold with each other": () => {
    const lines = groupLog([cube(undefined, "adds", "red", "NY"), cube(undefined, "adds", "red", "VT")]);
    equal(shown(lines), "[2] Opposition adds 2 red cubes: NY, VT");
  },
  "the summary fills each hole of the run's text, wherever it stands": () => {
    const step = cube(0, "removes", "yellow", "KS");
    equal(summarize(step.run, [step, step]), "Suffragist removes 2 yellow cubes: KS, KS");
    const odd = entry("mark", "Campaigning ends in OH", { seat: 0, location: "OH", run: "Campaigning ends in {places} ({n} times)" });
    equal(shown(groupLog([odd, { ...odd, location: "PA" }])), "[2] Campaigning ends in OH, PA (2 times)");
  },
};
