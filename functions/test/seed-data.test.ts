import { describe, expect, it } from 'vitest';
import { planDemoSessions, quickGameName } from '#local/seed-data.ts';

/** An instant at a Taipei (UTC+8) hour of a fixed day. */
const taipei = (hour: number, minute = 0) => new Date(Date.UTC(2026, 11, 1, hour - 8, minute));

describe('demo seed', () => {
  it.each([
    [7, '晨間快打'],
    [12, '午間快打'],
    [15, '午後快打'],
    [21, '晚間快打'],
    [2, '深夜快打'],
  ])('names a quick game starting at %i:00 Taipei %s', (hour, name) => {
    expect(quickGameName(taipei(hour))).toBe(name);
  });

  it('titles the session under way by its start hour, never 午間 in the evening', () => {
    const live = planDemoSessions(taipei(22, 30)).find((p) => p.session.id.startsWith('demo-live-'))!;
    // It started at 21:00 Taipei, an hour before the hour now.
    expect(new Date(live.session.startsAt).toISOString()).toBe(taipei(21).toISOString());
    expect(live.session.title).toBe('大安羽球同好會 晚間快打');
  });
});
