import type { AdminProfile } from '@shuttle/shared';
import { vi } from 'vitest';

export const envelope = (data: unknown) => ({
  success: true,
  message: 'OK',
  timestamp: new Date().toISOString(),
  data,
});
export const failure = (error: string, message: string) => ({
  success: false,
  message,
  error,
  timestamp: new Date().toISOString(),
});

export function respond(body: unknown, status = 200) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

/** Answers by path: each entry is the body (and status) for requests whose URL ends with the key. */
export function routes(table: Record<string, unknown | { status: number; body: unknown }>) {
  return vi.fn((url: string) => {
    const key = Object.keys(table).find((path) => url.split('?')[0]!.endsWith(path));
    if (!key) return Promise.resolve(new Response(JSON.stringify(failure('NOT_FOUND', 'Not found')), { status: 404 }));
    const entry = table[key] as { status?: number; body?: unknown };
    const withStatus = entry && typeof entry === 'object' && 'status' in entry && 'body' in entry;
    return Promise.resolve(
      new Response(JSON.stringify(withStatus ? entry.body : table[key]), {
        status: withStatus ? entry.status : 200,
      }),
    );
  });
}

export const profile: AdminProfile = {
  adminId: 'demo-admin',
  displayName: '陳教練',
  pictureUrl: '',
  email: 'admin@shuttle.tw',
  isAdmin: true,
  currentTeamId: 'team-daan-smash',
  linkedMember: false,
  language: null,
};

export const defaultData = {
  team_id: 'team-daan-smash',
  team_name: '大安羽球同好會',
  default_place_name: '大安運動中心',
  default_price: 250,
  default_location: '台北市大安區辛亥路三段55號',
  default_region: '台北市',
  default_line: '',
  line_group_id: '',
  private_rules: '',
  cancel_window_minutes: 120,
};
