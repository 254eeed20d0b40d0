// The log's folding of repeated steps (see logGroups.ts), on entries as the engine writes
// them for Votes for Women and The Vote. Run by `npm test` (test.mjs), part of `npm run check`.
import { create } from "@bufbuild/protobuf";
import { LogEntrySchema, Origin, type LogEntry } from "../gen/hustings/v1/hustings_pb";
import { groupLog, stepTemplate, summarize, type LogLine } from "./logGroups";
import { equal } from "../testkit";

type Fields = Partial<{ seat: number; location: string; card: string; dice: number[]; amount: bigint; origin: Origin }>;

let next = 0n;
const entry = (kind: string, text: string, fields: Fields = {}): LogEntry => create(LogEntrySchema, { seq: next++, kind, text, ...fields });
const cube = (seat: number | undefined, what: string, place: string) =>
  entry("cube", `${seat === 0 ? "Suffragist" : "Opposition"} ${what} ${place}`, { seat, location: place });

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
      cube(1, "adds a red cube in", "NY"),
      cube(1, "adds a red cube in", "NY"),
      cube(1, "adds a red cube in", "CT"),
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
  "steps of another colour, verb, seat or kind do not fold together": () => {
    const lines = groupLog([
      cube(0, "adds a yellow cube in", "CO"),
      cube(0, "adds a purple cube in", "NC"),
      cube(0, "adds a purple cube in", "WA"),
      cube(0, "removes a red cube from", "WA"),
      cube(1, "removes a purple cube from", "WA"),
      entry("decided", "Washington ratifies the amendment (3 checks, 0 Xs)", { seat: 0, location: "WA" }),
    ]);
    equal(
      shown(lines),
      "Suffragist adds a yellow cube in CO | [2] Suffragist adds 2 purple cubes: NC, WA | " +
        "Suffragist removes a red cube from WA | Opposition removes a purple cube from WA | " +
        "Washington ratifies the amendment (3 checks, 0 Xs)",
    );
  },
  "a line naming a card or a roll breaks a run, and two cards' runs stay apart": () => {
    const play = (name: string) => entry("event", `Suffragist plays ${name} as an event: add 1 in …`, { seat: 0, card: name });
    const lines = groupLog([
      play("lucy-stone"),
      cube(0, "adds a purple cube in", "NJ"),
      cube(0, "adds a purple cube in", "PA"),
      play("pioneer-women"),
      cube(0, "adds a purple cube in", "DE"),
      cube(0, "adds a purple cube in", "MD"),
      entry("roll", "Suffragist rolls 2 d6: 2, 5", { seat: 0, dice: [2, 5] }),
      cube(0, "adds a purple cube in", "VA"),
    ]);
    equal(
      shown(lines),
      "Suffragist plays lucy-stone as an event: add 1 in … | [2] Suffragist adds 2 purple cubes: NJ, PA | " +
        "Suffragist plays pioneer-women as an event: add 1 in … | [2] Suffragist adds 2 purple cubes: DE, MD | " +
        "Suffragist rolls 2 d6: 2, 5 | Suffragist adds a purple cube in VA",
    );
  },
  "dice rolls never fold, even with one place and one template": () => {
    const vote = (place: string) =>
      entry("vote", `${place} votes: the Suffragist rolls 4, the Opposition rolls 2`, { seat: 0, location: place, dice: [4, 2] });
    equal(stepTemplate(vote("OH")), null);
    equal(groupLog([vote("OH"), vote("OH")]).length, 2);
  },
  "single entries and service entries pass through as they are, in order": () => {
    const entries = [
      entry("turn", "Turn 1 begins", { amount: 1n }),
      cube(undefined, "adds a red cube in", "NY"),
      entry("undo", "Suffragist took back a move", { seat: 0, origin: Origin.SERVICE }),
      entry("oppobot", "Oppobot: rolls region d6 1, state d8 3 → California (West 3)"),
      cube(undefined, "adds a red cube in", "CA"),
    ];
    const lines = groupLog(entries);
    equal(lines.length, entries.length);
    lines.forEach((l, i) => {
      equal(l.type === "entry" && l.entry, entries[i], `line ${String(i)}`);
    });
    equal(groupLog([]).length, 0);
  },
  "The Vote's region lines name the region's id, not its words, and stay single": () => {
    const marker = () =>
      entry("marker", "The West: radicalizes Red → Blue (white voters)", { seat: 0, location: "the-west" });
    equal(stepTemplate(marker()), null);
    equal(groupLog([marker(), marker()]).length, 2);
  },
  "the Oppobot's steps (no seat) fold with each other": () => {
    const lines = groupLog([cube(undefined, "adds a red cube in", "NY"), cube(undefined, "adds a red cube in", "VT")]);
    equal(shown(lines), "[2] Opposition adds 2 red cubes: NY, VT");
  },
  "the summary counts in words: one cube, several cubes": () => {
    const step = cube(0, "removes a yellow cube from", "KS");
    const template = stepTemplate(step) ?? "";
    equal(summarize(template, [step]), "Suffragist removes 1 yellow cube: KS");
    equal(summarize(template, [step, step]), "Suffragist removes 2 yellow cubes: KS, KS");
    // A place code that is also a word elsewhere in lower case is still found once.
    const indiana = cube(0, "adds a purple cube in", "IN");
    equal(stepTemplate(indiana) !== null, true, "IN is found as the place");
    equal(summarize(stepTemplate(indiana) ?? "", [indiana, indiana]), "Suffragist adds 2 purple cubes: IN, IN");
  },
  "a step not of the 'a … noun' form still reads: the sentence and how many times": () => {
    const gone = (place: string) => entry("mark", `Campaigning ends in ${place}`, { seat: 0, location: place });
    equal(shown(groupLog([gone("OH"), gone("PA")])), "[2] Campaigning ends, 2 times: OH, PA");
    const inside = (place: string) => entry("mark", `The ${place} box closes`, { seat: 0, location: place });
    equal(shown(groupLog([inside("OH"), inside("PA")])), "[2] The … box closes (2 times: OH, PA)");
  },
};
