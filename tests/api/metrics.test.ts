import { BUSINESS_METRICS, MetricsRecorder, useMetricsSink } from '@shuttle/functions/platform/metrics.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';

/**
 * The business metrics port (functions/src/platform/metrics.ts; docs/DEPLOY.md, "Metrics"): calls
 * through the real API against DynamoDB Local count their events once each, after the write
 * commits; a refused call counts nothing.
 */
let h: ApiHarness;
let team: Awaited<ReturnType<ApiHarness['putTeam']>>;
const recorder = new MetricsRecorder();
let previous: ReturnType<typeof useMetricsSink>;
beforeAll(async () => {
  h = await createApiHarness();
  team = await h.putTeam();
  previous = useMetricsSink(recorder);
});
afterAll(async () => {
  useMetricsSink(previous);
  await h.close();
});

const join = (token: string, sessionId: string) =>
  h.call<{ status: string }>('checkState/sessionList/joinSession', { sessionId }, { token });
const cancel = (token: string, sessionId: string) =>
  h.call<{ promoted: boolean }>('checkState/booked/cancelBooked', { sessionId }, { token });
const snapshot = () => Object.fromEntries(Object.values(BUSINESS_METRICS).map((name) => [name, recorder.get(name)]));
const delta = (before: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(snapshot())
      .filter(([name, n]) => n !== before[name])
      .map(([name, n]) => [name, n - before[name]!]),
  );

describe('business metrics', () => {
  it('counts a booking, a cancellation and the promotion it makes, once each', async () => {
    const session = await h.putSession(team, { capacity: 1 });
    const [a, b] = await Promise.all(['Umetric1', 'Umetric2'].map((s) => h.login(s)));

    let before = snapshot();
    expect((await join(a!, session.id)).body.data!.status).toBe('accepted');
    expect(delta(before)).toEqual({ [BUSINESS_METRICS.bookings]: 1 });

    // A place on the waitlist is no seat booked.
    before = snapshot();
    expect((await join(b!, session.id)).body.data!.status).toBe('waiting');
    expect(delta(before)).toEqual({});

    before = snapshot();
    expect((await cancel(a!, session.id)).body.data!.promoted).toBe(true);
    expect(delta(before)).toEqual({ [BUSINESS_METRICS.cancellations]: 1, [BUSINESS_METRICS.promotions]: 1 });
  });

  it('counts nothing for a refused call', async () => {
    const session = await h.putSession(team, { capacity: 2 });
    const token = await h.login('Umetric3');
    await join(token, session.id);
    const before = snapshot();
    const again = await join(token, session.id);
    expect(again.status).toBe(409);
    expect(delta(before)).toEqual({});
  });
});
