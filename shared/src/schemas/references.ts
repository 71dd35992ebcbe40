/**
 * What an id in a request must be, relative to the caller (docs/ARCHITECTURE.md, "References").
 * Every id field of every call declares one relation in its contract's `refs`; the route layer
 * resolves and checks it before the handler runs, so a handler never sees an unchecked id, and
 * the generated permission test (tests/api/permissions.test.ts) tries a foreign id in each.
 */
export const RELATIONS = {
  // Admin calls: everything is relative to a team the caller administers.
  team: "a team the caller administers; absent, the caller's current team",
  ownedTeam: "a team the caller owns, with the caller's e-mail verified; absent, the current team",
  teamSession: 'a session of a team the caller administers',
  teamPlayer:
    'a player (not deleted) who is a member of the team, has asked to join it or has booked one of its sessions',
  teamMember: 'a member of the team',
  joinRequester:
    'a player with a pending request to join the team, or its member already (approving again changes nothing)',
  sessionPlayer: 'a player holding a booking row (in any state) of that session',
  teamPass: 'a season pass of the team',
  teamVenue: 'a venue of the team',
  teamAdmin: 'an admin of the team',
  boardPlayer: "a player on the session's rotation board, by the id the caller's board view shows",
  // Member calls: relative to the signed-in player (or a visitor).
  session: 'a session that exists (its handler applies who may see what of it)',
  ownBooking: 'a session the caller holds a booking row of (in any state, so a retried call replays)',
  playerBoard: 'a session whose rotation board the caller may watch: on it, its helper, or holding an accepted booking',
  helperBoard: 'a session whose rotation board names the caller its helper',
  existingTeam: 'a team that exists',
  filter: 'narrows a list to what the caller may see anyway: any value, never an error',
} as const;

export type Relation = keyof typeof RELATIONS;

/** A contract's references: each id field of its request and the relation it must have. */
export type RefMap = Readonly<Record<string, Relation>>;

/** An id field by its name: `id`, `…Id`, `…_id` (what the permission test looks for in every request). */
export const ID_FIELD = /^(id|[A-Za-z]+Id|[a-z]+_id)$/;

/** Relations whose field may be absent and still resolve (to the caller's current team). */
export type DefaultedRelation = 'team' | 'ownedTeam';

interface SchemaDef {
  type: string;
  shape?: Record<string, { _zod: { def: SchemaDef } }>;
  in?: { _zod: { def: SchemaDef } };
  innerType?: { _zod: { def: SchemaDef } };
  options?: { _zod: { def: SchemaDef } }[];
  left?: { _zod: { def: SchemaDef } };
  right?: { _zod: { def: SchemaDef } };
}

/** The id fields (by `ID_FIELD`) of a request schema's top-level object, through unions, pipes and defaults. */
export function idFieldsOf(schema: { _zod: { def: unknown } } | null): string[] {
  const found = new Set<string>();
  const walk = (def: SchemaDef) => {
    if (def.shape) for (const name of Object.keys(def.shape)) if (ID_FIELD.test(name)) found.add(name);
    for (const inner of [def.in, def.innerType, def.left, def.right, ...(def.options ?? [])]) {
      if (inner) walk(inner._zod.def);
    }
  };
  if (schema) walk(schema._zod.def as SchemaDef);
  return [...found].sort();
}
