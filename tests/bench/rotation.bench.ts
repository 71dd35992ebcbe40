/**
 * `npm run bench:rotation`: how many decisions per second the rotation rule makes for a
 * 60-player, 6-court doubles evening (docs/ON-COURT.md, "Rotation"). A decision is one
 * `startNext` (pick the four, split them into pairs) plus the board's `next` preview, as every
 * change of the board computes both. Pure engine, no I/O.
 */
import { finish, preview, setup, startNext, syncCheckIns } from '@shuttle/functions/rotation/engine.ts';
import type { RotationState } from '@shuttle/functions/rotation/model.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 60);
const COURTS = Number(process.env.BENCH_COURTS ?? 6);
const DECISIONS = Number(process.env.BENCH_DECISIONS ?? 5_000);
const T0 = Date.parse('2026-12-01T11:00:00.000Z');

for (const rule of ['balanced', 'winnerStays'] as const) {
  let state: RotationState = setup(null, {
    courts: Array.from({ length: COURTS }, (_, i) => i + 1),
    mode: 'doubles',
    rule,
  });
  state = syncCheckIns(
    state,
    Array.from({ length: PLAYERS }, (_, i) => ({
      userId: `p${i}`,
      name: `P${i}`,
      level: (i % 18) + 1,
      checkedInAt: new Date(T0 + i * 1000).toISOString(),
    })),
  );
  for (const court of state.courts) state = startNext(state, court, new Date(T0).toISOString()).state;
  // Keep the game log from growing without end: a bench evening restarts every 600 games.
  const fresh = state;
  const started = performance.now();
  for (let i = 0; i < DECISIONS; i++) {
    if (i % 600 === 0) state = fresh;
    const court = state.games.reduce((a, b) => (a.startedAt <= b.startedAt ? a : b)).court;
    const now = new Date(T0 + (i + 1) * 60_000).toISOString();
    state = finish(state, court, { score: [21, 10 + (i % 10)] }, now);
    state = startNext(state, court, now).state;
    preview(state);
  }
  const seconds = (performance.now() - started) / 1000;
  const spread =
    Math.max(...state.players.map((p) => p.gamesPlayed)) - Math.min(...state.players.map((p) => p.gamesPlayed));
  console.log(
    `${rule}: ${PLAYERS} players, ${COURTS} courts: ${Math.round(DECISIONS / seconds).toLocaleString('en')} decisions/s (${DECISIONS} in ${seconds.toFixed(2)} s; spread of games played ${spread})`,
  );
}
