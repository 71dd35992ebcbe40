import type { AdminSession } from '@shuttle/shared';
import { formatDay, formatMoney, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { ChevronRightIcon, PinIcon } from '@shuttle/shared/web/icons.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FillBar } from './fill-bar';
import { SessionBadges } from './session-badges';

/** One session in a list: when, where, state, fill rate and waitlist; the row opens `to`. */
export function SessionRow({ session, to, aside }: { session: AdminSession; to: string; aside?: ReactNode }) {
  return (
    <li className="session-row" data-testid="session-row" data-session-id={session.id}>
      <Link to={to} className="session-row__link">
        <div className="session-row__when">
          <span className="session-row__day">{formatDay(session.startsAt)}</span>
          <span className="session-row__time">{formatTimeRange(session.startsAt, session.endsAt)}</span>
        </div>
        <div className="session-row__main">
          <span className="session-row__title">{session.title}</span>
          <span className="session-row__venue">
            <PinIcon size={14} />
            {session.venue}
          </span>
          <SessionBadges session={session} />
        </div>
        <div className="session-row__fill">
          <FillBar session={session} rate={session.fillRate} />
          <span className="session-row__price">{formatMoney(session.price)}</span>
        </div>
        {aside}
        <ChevronRightIcon size={18} className="session-row__chevron" />
      </Link>
    </li>
  );
}
