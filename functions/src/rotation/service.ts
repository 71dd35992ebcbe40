import type { RotationAdminBoard, RotationBoard, ScoringPoints } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { isGuestId } from '#db/keys.ts';
import type { OutboxItem } from '#outbox/model.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import { boardKeyOf, newBoardKey } from './board-ids.ts';
import { setup, syncCheckIns } from './engine.ts';
import type { CheckedInPlayer, RotationState } from './model.ts';
import { bandForTeam, type RatingRepository, type RatingWrite } from './rating-repository.ts';
import {
  newScreenToken,
  type RotationItem,
  RotationNoticeExists,
  type RotationRepository,
  RotationVersionConflict,
} from './repository.ts';
import { upNextNotices, upNextOutboxItem } from './up-next.ts';
import { adminView, publicView, type RotationAudience, viewFor } from './view.ts';

/**
 * Called with every board written (locally: the WebSocket hub, which sends each socket the view
 * its viewer may see; on AWS the item's stream record does it).
 */
export type RotationPublisher = (item: RotationItem) => void;

export interface RotationServiceDeps {
  store: Store;
  clock: Clock;
  sessions: SessionRepository;
  boards: RotationRepository;
  ratings: RatingRepository;
  levels: (userIds: string[]) => Promise<Map<string, number | null>>;
  publish?: RotationPublisher;
}

/** What an operation may change besides the rule state. */
interface Change {
  state: RotationState;
  screenToken?: string;
  helperUserId?: string | null;
  /** Players' rating items a finished or corrected game changes, written with the board. */
  ratings?: RatingWrite[];
}

/**
 * The board's reads and writes (docs/ON-COURT.md, "Rotation"; TABLE.md, "Rotation"). A change
 * reads the board and the session's bookings, adds new check-ins, applies the operation and
 * writes on the version it read. When another writer won, it runs once more on the fresh board;
 * a refusal then (409) carries that board as the failure's `data: {board}`, as does a second loss
 * (409 ROTATION_CHANGED): the loser always sees the board that beat them.
 */
export class RotationService {
  readonly repo: RotationRepository;
  readonly ratings: RatingRepository;

  constructor(private readonly deps: RotationServiceDeps) {
    this.repo = deps.boards;
    this.ratings = deps.ratings;
  }

  /** The board players, helpers and the screen see (board ids, names). */
  view(item: RotationItem): RotationBoard {
    return publicView(item);
  }

  /** The team's admins' board (user ids, screen token). */
  adminView(item: RotationItem): RotationAdminBoard {
    return adminView(item);
  }

  async require(sessionId: string): Promise<RotationItem> {
    const item = await this.repo.get(sessionId);
    if (!item) throw new DomainError('ROTATION_NOT_OPEN');
    return item;
  }

  /** Checked-in players and walk-ins (accepted and attended) in check-in order: one Query of the bookings. */
  private async checkedIn(sessionId: string, known: Set<string>, teamId: string): Promise<CheckedInPlayer[]> {
    const bookings = (await this.deps.sessions.bookings(sessionId)).filter(
      (b) => b.status === 'accepted' && b.attendance === 'attended' && !known.has(b.userId),
    );
    if (bookings.length === 0) return [];
    // Levels and ratings of new arrivals only (guests have neither): one BatchGetItem each.
    const accounts = bookings.filter((b) => !isGuestId(b.userId)).map((b) => b.userId);
    const [levels, ratings] = await Promise.all([this.deps.levels(accounts), this.ratings.getMany(accounts)]);
    return bookings.map((b) => {
      const rating = ratings.get(b.userId);
      return {
        userId: b.userId,
        name: b.userName,
        level: levels.get(b.userId) ?? null,
        checkedInAt: b.checkedInAt ?? b.acceptedAt ?? b.bookedAt,
        // Turned off: the split uses the declared level (docs/ON-COURT.md, "Players see their own").
        ...(rating && rating.games > 0 && !rating.off ? { skill: rating.mu } : {}),
        ...(bandForTeam(rating, teamId) ? { band: bandForTeam(rating, teamId)! } : {}),
      };
    });
  }

  /** Opens the board of a session (teamId: the session's team), or changes its courts, mode and rule. */
  async setup(
    sessionId: string,
    teamId: string,
    input: { courts: number[]; mode: 'doubles' | 'singles'; rule: 'balanced' | 'winnerStays'; scoring?: ScoringPoints },
  ): Promise<RotationItem> {
    const existing = await this.repo.get(sessionId);
    if (!existing) {
      const arrivals = await this.checkedIn(sessionId, new Set(), teamId);
      const item: RotationItem = {
        type: 'rotation',
        sessionId,
        teamId,
        version: 1,
        state: syncCheckIns(setup(null, input), arrivals),
        screenToken: newScreenToken(),
        boardKey: newBoardKey(),
        helperUserId: null,
        updatedAt: this.deps.clock.now().toISOString(),
      };
      try {
        await this.repo.create(item);
        this.publish(item);
        return item;
      } catch (error) {
        if (!(error instanceof RotationVersionConflict)) throw error;
      }
    }
    return (await this.change(sessionId, (item) => ({ state: setup(item.state, input) }), 'admin')).item;
  }

  /**
   * Applies `operation` to the board (with new check-ins added first) and writes it on the
   * version read; one more try on a lost race. `operation` may throw a DomainError: nothing changes.
   * A refusal carries the board as `audience` may see it (docs/ON-COURT.md, "Who sees what"):
   * only an admin call's refusal carries user ids and the screen token.
   */
  async change<T = undefined>(
    sessionId: string,
    operation: (item: RotationItem) => (Change & { result?: T }) | Promise<Change & { result?: T }>,
    audience: RotationAudience = 'public',
  ): Promise<{ item: RotationItem; result: T | undefined }> {
    for (let attempt = 0; ; attempt++) {
      const current = await this.require(sessionId);
      const known = new Set(current.state.players.map((p) => p.userId));
      const synced = {
        ...current,
        state: syncCheckIns(current.state, await this.checkedIn(sessionId, known, current.teamId)),
      };
      let change: Change & { result?: T };
      try {
        change = await operation(synced);
      } catch (error) {
        if (error instanceof DomainError && error.status === 409) error.data = { board: viewFor(current, audience) };
        throw error;
      }
      const now = this.deps.clock.now();
      // Opted-in players this change makes newly up next: one push each, in the same write.
      const up = upNextNotices(current.state, change.state);
      const item: RotationItem = {
        ...synced,
        state: up.state,
        screenToken: change.screenToken ?? synced.screenToken,
        // A board opened before keys existed keeps the key its ids were made with (board-ids.ts).
        boardKey: boardKeyOf(synced),
        helperUserId: change.helperUserId === undefined ? synced.helperUserId : change.helperUserId,
        version: current.version + 1,
        updatedAt: now.toISOString(),
      };
      const notices = up.notices.map((n) => upNextOutboxItem({ ...n, sessionId, teamId: current.teamId, now }));
      try {
        await this.write(item, current, notices, change.ratings);
        this.publish(item);
        return { item, result: change.result };
      } catch (error) {
        if (!(error instanceof RotationVersionConflict)) throw error;
        if (attempt > 0) {
          const fresh = await this.require(sessionId);
          const refusal = new DomainError('ROTATION_CHANGED');
          refusal.data = { board: viewFor(fresh, audience) };
          throw refusal;
        }
      }
    }
  }

  /** The conditional write; a notice already in the table (never a second push) is left out once. */
  private async write(
    item: RotationItem,
    read: RotationItem,
    notices: OutboxItem[],
    ratings: RatingWrite[] = [],
  ): Promise<void> {
    try {
      await this.repo.replace(item, read.version, read.screenToken, notices, ratings);
    } catch (error) {
      if (!(error instanceof RotationNoticeExists)) throw error;
      const rest = notices.filter((n) => !error.ids.includes(n.id));
      await this.repo.replace(item, read.version, read.screenToken, rest, ratings);
    }
  }

  /**
   * The board with check-ins since its last write added (written, so every view gets them);
   * without new check-ins a read is one GetItem and one Query.
   */
  async current(sessionId: string): Promise<RotationItem> {
    const item = await this.require(sessionId);
    const known = new Set(item.state.players.map((p) => p.userId));
    const arrivals = await this.checkedIn(sessionId, known, item.teamId);
    if (arrivals.length === 0) return item;
    try {
      return (await this.change(sessionId, (i) => ({ state: i.state }))).item;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'ROTATION_CHANGED') return this.require(sessionId);
      throw error;
    }
  }

  /** After a check-in or walk-in: adds the player to an open board at once (no board: nothing). */
  async afterCheckIn(sessionId: string): Promise<void> {
    if (!(await this.repo.get(sessionId))) return;
    await this.current(sessionId);
  }

  private publish(item: RotationItem) {
    this.deps.publish?.(item);
  }
}
