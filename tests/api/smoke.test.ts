import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';

let h: ApiHarness;
beforeAll(async () => {
  h = await createApiHarness();
});
afterAll(() => h.close());

describe('harness', () => {
  it('a signed-in player books a place', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team);
    const token = await h.login('Usmoke', 'Smoke');
    const res = await h.call('checkState/sessionList/joinSession', { sessionId: session.id }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sessionId: session.id, status: 'accepted' });
  });
});
