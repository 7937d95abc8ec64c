// A TypeScript project's view of the package (make lint type-checks it, never runs it): the
// declarations of types/ and src/schema.d.ts, as "card-table-client" resolves for others.
import { createApi, follow, unwrap, type Event, type View } from "card-table-client";
import type { components } from "card-table-client/schema";

type OldMaidView = components["schemas"]["OldMaidView"];

export async function firstTurn(baseUrl: string, token: string, gameId: string): Promise<number> {
  const api = createApi(baseUrl, { token });
  const view: View = unwrap(
    await api.GET("/v1/games/{game_id}/view", { params: { path: { game_id: gameId } } }),
  );
  if (view.type === "old-maid") {
    const oldMaid: OldMaidView = view;
    for (const move of oldMaid.legal_moves) {
      // narrowed by the game, then by the move: no cast
      if (move.type === "take") return move.from_seat;
      const resume: "resume" = move.type;
      // @ts-expect-error: Old Maid has no move "play"
      if (move.type === "play") return -2;
      void resume;
    }
    return oldMaid.turn ?? -1;
  }
  // @ts-expect-error: a path the spec does not have
  await api.GET("/v1/no-such-path");
  for await (const event of follow(api, gameId, { after: 0 })) {
    const seen: Event = event;
    return seen.seq;
  }
  return 0;
}
