// A Presidential Race space's effects as its cell shows them, from the engine's structured
// effects (PresidencySpace.effects): never from the description's words.
import { PresidencyEffectKind } from "../gen/hustings/v1/presidency_pb";
import type { PresidencyEffect } from "../gen/hustings/v1/presidency_pb";
import { count } from "../words";

/** A short form of a space's effects for its cell (the full text is in its tooltip). */
export function shortEffect(effects: PresidencyEffect[]): string {
  return effects
    .map((e) => {
      switch (e.kind) {
        case PresidencyEffectKind.GAIN:
          return `+${count(e.amount, "vote")}`;
        case PresidencyEffectKind.LOSE:
          // Beside a rival's loss it says whose this one is.
          return effects.length > 1 ? `you −${e.amount}` : `−${count(e.amount, "vote")}`;
        case PresidencyEffectKind.OPPONENT_LOSES:
          return `rival −${e.amount}`;
        case PresidencyEffectKind.MONEY:
          return `+$${e.amount}`;
        case PresidencyEffectKind.AD:
          return `pay $${e.cost}: +${count(e.amount, "vote")}`;
        case PresidencyEffectKind.DRAW_CAMPAIGN:
          return "Campaign card";
        case PresidencyEffectKind.STATE_VOTES:
          return `+${count(e.amount, "vote")} (${e.partySeat === 0 ? "Blue" : "Red"} state)`;
        default:
          return "";
      }
    })
    .filter((t) => t !== "")
    .join(", ");
}

/** A space's kind, for its colour and glyph (letters stand beside colours): the most telling
 * of its effects. */
export function effectKind(effects: PresidencyEffect[]): { cls: string; glyph: string } {
  const has = (...kinds: PresidencyEffectKind[]) => effects.some((e) => kinds.includes(e.kind));
  if (has(PresidencyEffectKind.AD)) return { cls: "ad", glyph: "AD" };
  if (has(PresidencyEffectKind.MONEY)) return { cls: "money", glyph: "$" };
  if (has(PresidencyEffectKind.DRAW_CAMPAIGN)) return { cls: "card", glyph: "?" };
  if (has(PresidencyEffectKind.LOSE, PresidencyEffectKind.OPPONENT_LOSES)) return { cls: "loss", glyph: "−" };
  if (has(PresidencyEffectKind.GAIN, PresidencyEffectKind.STATE_VOTES)) return { cls: "gain", glyph: "+" };
  return { cls: "plain", glyph: "" };
}

