// One board per game, chosen by the view's `type`; a seventh game without a board of
// its own still plays: its hand and moves are generic.

import { EightsBoard } from "./crazy_eights.js";
import { DateBoard } from "./mystery_date.js";
import { FishBoard } from "./go_fish.js";
import { PassingBoard } from "./passing.js";
import { SpoonsBoard } from "./spoons.js";

/** @type {Record<import("api-schema").components["schemas"]["GameType"],
 *   (props: import("../table.js").BoardProps) => unknown>} */
export const BOARDS = {
  "old-maid": PassingBoard,
  "blind-date": PassingBoard,
  "crazy-eights": EightsBoard,
  "go-fish": FishBoard,
  spoons: SpoonsBoard,
  "mystery-date": DateBoard,
};
