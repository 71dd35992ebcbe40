import type { AdminProfile } from '@shuttle/shared';

export const profile: AdminProfile = {
  adminId: 'demo-admin',
  displayName: '陳教練',
  pictureUrl: '',
  email: 'admin@shuttle.tw',
  isAdmin: true,
  currentTeamId: 'team-daan-smash',
  linkedMember: false,
  language: null,
  emailVerified: true,
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
  line_group_name: '',
  private_rules: '',
  cancel_window_minutes: 120,
  join_rule: 'open' as const,
  group_announcements: { newSessions: true, signupOpening: true, placeFreed: true, changes: true },
  language: 'zh-TW' as const,
  line_usage: { month: '2026-11', used: 0, budget: 0 },
  quietHours: { start: '23:00', end: '08:00' },
};
