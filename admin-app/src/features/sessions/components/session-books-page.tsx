import { Avatar } from '@shuttle/shared/web/avatar.tsx';
import { EmptyState } from '@shuttle/shared/web/empty-state.tsx';
import { formatDateTime, formatDay, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { TicketIcon } from '@shuttle/shared/web/icons.tsx';
import { TableHead } from '@shuttle/shared/web/table-head.tsx';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-view';
import { TableWrap } from '@/components/table-wrap';
import { useSessionBooks } from '../api/get-books';
import { useSessionDetail } from '../api/get-detail';

/** /admin/books?id=…: every booking of a session in booking order, cancelled ones included. */
export function SessionBooksPage({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const detail = useSessionDetail(sessionId);
  const books = useSessionBooks(sessionId);
  const session = detail.data;
  return (
    <div className="page" data-testid="session-books">
      <PageHeader
        title={t('books.title')}
        description={
          session
            ? `${session.title} · ${formatDay(session.startsAt)} ${formatTimeRange(session.startsAt, session.endsAt)}`
            : undefined
        }
        back={`/detail?id=${sessionId}`}
      />
      <section className="panel">
        <QueryView query={books}>
          {({ items }) =>
            items.length === 0 ? (
              <EmptyState icon={<TicketIcon size={28} />} title={t('books.empty')} />
            ) : (
              <TableWrap label={t('books.title')}>
                <table className="table">
                  <TableHead
                    caption={t('books.title')}
                    columns={[
                      { label: '#' },
                      { label: t('books.player') },
                      { label: t('books.status') },
                      { label: t('books.bookedAt') },
                      { label: t('books.changedAt') },
                      { label: t('books.attendance') },
                    ]}
                  />
                  <tbody>
                    {items.map((b, index) => (
                      <tr key={b.userId} data-testid="booking-row" data-status={b.status}>
                        <td className="table__num">{index + 1}</td>
                        <td>
                          <span className="table__person">
                            <Avatar src={b.pictureUrl} name={b.name} size={28} />
                            {b.name}
                            {b.partySize > 1 && (
                              <span className="badge badge--muted">{t('detail.party', { count: b.partySize })}</span>
                            )}
                            {b.walkIn && <span className="badge badge--muted">{t('detail.walkIn')}</span>}
                          </span>
                        </td>
                        <td>
                          <span className={`badge badge--${b.status}`}>
                            {b.status === 'waiting'
                              ? t('books.waitingAt', { position: b.position ?? 0 })
                              : t(`books.statuses.${b.status}`)}
                          </span>
                        </td>
                        <td>{formatDateTime(b.bookedAt)}</td>
                        <td>
                          {b.cancelledAt
                            ? t('books.cancelledAt', { time: formatDateTime(b.cancelledAt) })
                            : b.acceptedAt && b.acceptedAt !== b.bookedAt
                              ? t('books.promotedAt', { time: formatDateTime(b.acceptedAt) })
                              : '—'}
                        </td>
                        <td>
                          {b.attendance ? (
                            <span className={`badge badge--${b.attendance}`}>{t(`attendance.${b.attendance}`)}</span>
                          ) : (
                            '—'
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            )
          }
        </QueryView>
      </section>
    </div>
  );
}
