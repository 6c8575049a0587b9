/**
 * An open and a sealed match of Foraccio through the client that openapi-generator's
 * typescript-fetch generator makes from openapi/openapi.json (the `client/` folder, which
 * the test generates with nothing set but the generator's name), under `tsc --strict`.
 *
 * `node fetch-matches.js BASE_URL` plays each match to its end (`target` 1: one hand) with
 * the first legal move each time, has a bot play a hand, shows that a refusal comes back
 * as the generator's `ResponseError` holding the problem document, and prints one JSON
 * line. The generated models name fields in camelCase (`seatKeys`) and turn them back
 * into the wire's names (`seat_keys`) on the way out.
 */
import { BotsApi, Configuration, GamesApi, ResponseError } from "./client/index";
import type { SeatView, State } from "./client/index";

/** One hand: the match is over when the hand is. */
const options = { target: 1 };

async function openMatch(games: GamesApi) {
  const created = await games.newGame({ newGame: { variant: "foraccio", seed: 11, options } });
  if (created.kind !== "open") throw new Error("an open match answers kind: open");
  let state: State = created.state;
  let plays = 0;
  while (state.phase === "playing") {
    const legal = await games.legalMoves({ gameRequest: { state } });
    const move = legal.moves[0];
    if (move === undefined || legal.seat === null) throw new Error("no legal move in play");
    const played = await games.play({ playRequest: { state, move, seat: legal.seat } });
    if (played.kind !== "open") throw new Error("an open match answers kind: open");
    state = played.state;
    plays += 1;
  }
  const score = await games.scoreHand({ gameRequest: { state } });
  const last = state.record[state.record.length - 1];
  return { plays, phase: state.phase, points: score.points, recorded: last?.points ?? null,
           winner: state.winner };
}

async function sealedMatch(games: GamesApi) {
  const created = await games.newGame({ newGame: { variant: "foraccio", sealed: true, options } });
  if (created.kind !== "sealed") throw new Error("a sealed match answers kind: sealed");
  const keys = created.seatKeys;
  let token = created.token;
  let view: SeatView = created.view;
  let plays = 0;
  while (view.phase === "playing" && view.turn !== null) {
    const seatKey = keys[view.turn];
    if (seatKey === undefined) throw new Error(`no key for seat ${view.turn}`);
    const legal = await games.legalMoves({ gameRequest: { token, seatKey } });
    const move = legal.moves[0];
    if (move === undefined) throw new Error("no legal move in play");
    const played = await games.play({ playRequest: { token, seatKey, move } });
    if (played.kind !== "sealed") throw new Error("a sealed match answers kind: sealed");
    token = played.token;
    view = played.view;
    plays += 1;
  }
  const seen: number[] = [];
  for (const seatKey of keys) {
    seen.push((await games.viewGame({ viewRequest: { kind: "sealed", token, seatKey } })).seat);
  }
  return { plays, phase: view.phase, seen };
}

async function botHand(games: GamesApi, bots: BotsApi) {
  const created = await games.newGame({ newGame: { variant: "foraccio", seed: 5 } });
  if (created.kind !== "open") throw new Error("an open match answers kind: open");
  const state = created.state;
  const move = await bots.botMove({ botMoveRequest: { state, bot: "heuristic", seed: 1 } });
  const played = await bots.autoplay({ autoplayRequest: {
    state, bots: ["random", "random", "random", "random"], until: "hand_over", seed: 2 } });
  if (played.kind !== "open") throw new Error("an open match answers kind: open");
  return { seat: move.seat, turn: state.turn, done: played.done, phase: played.state.phase };
}

/** The problem document of a play out of turn, as the generated client reports it. */
async function refusal(games: GamesApi) {
  const created = await games.newGame({ newGame: { variant: "foraccio", seed: 5 } });
  if (created.kind !== "open" || created.state.turn === null) throw new Error("no match");
  const state = created.state;
  const other = ((created.state.turn ?? 0) + 1) % 4;
  const card = state.hands[other]?.[0];
  if (card === undefined) throw new Error("no card");
  try {
    await games.play({ playRequest: { state, move: { card }, seat: other } });
  } catch (error) {
    if (!(error instanceof ResponseError)) throw error;
    const problem = await error.response.json() as { code: string };
    return { status: error.response.status, code: problem.code };
  }
  return null;
}

async function main(): Promise<void> {
  const basePath = process.argv[2];
  if (!basePath) throw new Error("usage: node fetch-matches.js BASE_URL");
  const configuration = new Configuration({ basePath });
  const games = new GamesApi(configuration);
  const bots = new BotsApi(configuration);
  console.log(JSON.stringify({ open: await openMatch(games), sealed: await sealedMatch(games),
                               bots: await botHand(games, bots),
                               refused: await refusal(games) }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
