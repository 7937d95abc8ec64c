// Who is at the table: the seats whose player has the table open (a live stream, on any
// of the service's instances) and how many people watch, read every few seconds while
// the page is in view (`GET /games/{id}/presence`, itself as of a few seconds ago).

import { useEffect, useState } from "../vendor/htm-3.1.1/standalone.module.js";
import { call } from "./api.js";

/** @typedef {import("api-schema").components["schemas"]["Presence"]} Presence */

const EVERY_MS = 5000;

/**
 * The seats whose player is away (none known yet: none), never your own (this page is
 * here), and the spectators.
 * @param {string} gameId @param {number | null} own
 * @returns {{away: Set<number>, spectators: number}}
 */
export function usePresence(gameId, own) {
  const [seen, setSeen] = useState(/** @type {Presence | null} */ (null));
  useEffect(() => {
    let stopped = false;
    const look = async () => {
      if (document.hidden) return;
      try {
        const now = await call("GET", `/games/${gameId}/presence`);
        if (!stopped) setSeen(now);
      } catch {
        // the next look will tell
      }
    };
    look();
    const timer = window.setInterval(look, EVERY_MS);
    document.addEventListener("visibilitychange", look);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", look);
    };
  }, [gameId]);
  const away = (seen?.seats ?? []).filter((seat) => !seat.here && seat.seat !== own);
  return { away: new Set(away.map((seat) => seat.seat)), spectators: seen?.spectators ?? 0 };
}
