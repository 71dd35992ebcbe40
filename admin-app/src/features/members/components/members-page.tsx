import { MEMBERSHIPS, type TeamMemberView } from '@shuttle/shared';
import { Avatar } from '@shuttle/shared/web/avatar.tsx';
import { PressButtonGroup } from '@shuttle/shared/web/choices.tsx';
import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { EmptyState } from '@shuttle/shared/web/empty-state.tsx';
import { formatDay, formatNumber, formatPercent } from '@shuttle/shared/web/format.ts';
import { SearchIcon, UsersIcon } from '@shuttle/shared/web/icons.tsx';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { TableHead } from '@shuttle/shared/web/table-head.tsx';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { QueryView } from '@/components/query-view';
import { TableWrap } from '@/components/table-wrap';
import { useAction } from '@/hooks/use-action';
import { sessionsChanged } from '@/lib/changes';
import { useMembers } from '../api/get-members';
import type { MemberQuery } from '../api/keys';
import { memberKeys } from '../api/keys';
import { switchBlock } from '../api/switch-block';
import { type Membership, updateMembership } from '../api/update-membership';
import { JoinRequests } from './join-requests';

const PAGE_SIZE = 20;
type BlockedFilter = 'all' | 'active' | 'blocked';
const FILTERS: BlockedFilter[] = ['all', 'active', 'blocked'];

/** /admin/members: search, paging, attendance over the last year, membership, block and unblock. */
export function MembersPage() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<BlockedFilter>('all');
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<TeamMemberView | null>(null);
  const { busy, run } = useAction();

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const query: MemberQuery = {
    search,
    page,
    pageSize: PAGE_SIZE,
    ...(filter === 'all' ? {} : { blocked: filter === 'blocked' }),
  };
  const members = useMembers(query);

  const changeMembership = async (member: TeamMemberView, membership: Membership) => {
    const result = await run(() => updateMembership(member.userId, membership));
    if (result) void invalidateQueries(memberKeys.all);
  };

  const toggleBlock = async () => {
    const member = confirming;
    if (!member) return;
    const result = await run(() => switchBlock(member.userId, !member.blocked));
    setConfirming(null);
    if (!result) return;
    void invalidateQueries(memberKeys.all);
    // Blocking a member cancels their bookings.
    void sessionsChanged.announce(null);
    notify({
      level: 'success',
      title: result.blocked ? t('members.blockedTitle') : t('members.unblockedTitle'),
      message: result.blocked
        ? t('members.blockedMessage', { name: member.name, count: result.cancelledBookings })
        : t('members.unblockedMessage', { name: member.name }),
    });
  };

  return (
    <div className="page" data-testid="members">
      <PageHeader title={t('members.title')} description={t('members.description')} />
      <JoinRequests />
      <section className="panel">
        <div className="toolbar">
          <label className="search">
            <SearchIcon size={18} />
            <span className="sr-only">{t('members.search')}</span>
            <input
              type="search"
              className="search__input"
              placeholder={t('members.searchPlaceholder')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              data-testid="member-search"
            />
          </label>
          <PressButtonGroup
            groupClassName="segmented"
            legend={t('members.filter')}
            options={FILTERS}
            className="segmented__item"
            label={(f) => t(`members.filters.${f}`)}
            pressed={(f) => filter === f}
            onPress={(f) => {
              setFilter(f);
              setPage(1);
            }}
          />
        </div>
        <QueryView query={members}>
          {(data) =>
            data.items.length === 0 ? (
              <EmptyState icon={<UsersIcon size={28} />} title={search ? t('members.noMatch') : t('members.empty')} />
            ) : (
              <>
                <p className="muted" aria-live="polite">
                  {t('members.total', { count: data.total })}
                </p>
                <TableWrap label={t('members.title')}>
                  <table className="table">
                    <TableHead
                      caption={t('members.title')}
                      columns={[
                        { label: t('members.name') },
                        { label: t('members.membership') },
                        { label: t('members.sessions'), className: 'table__num' },
                        { label: t('members.attended'), className: 'table__num' },
                        { label: t('members.absent'), className: 'table__num' },
                        { label: t('members.rate'), className: 'table__num' },
                        { label: t('members.last') },
                        { label: t('members.actions') },
                      ]}
                    />
                    <tbody>
                      {data.items.map((m) => (
                        <tr key={m.userId} data-testid="member-row" data-user-id={m.userId} data-blocked={m.blocked}>
                          <td>
                            <span className="table__person">
                              <Avatar src={m.pictureUrl} name={m.name} size={32} />
                              <span>
                                <span className="table__name">{m.name}</span>
                                <span className="table__sub">
                                  {t('members.joined', { date: formatDay(m.joinedAt) })}
                                </span>
                              </span>
                              {m.blocked && <span className="badge badge--absent">{t('members.blockedBadge')}</span>}
                              {m.rating && (
                                <span
                                  className="badge badge--muted"
                                  title={t('members.ratingHint')}
                                  data-testid="member-rating"
                                >
                                  {t('members.ratingBadge', m.rating)}
                                  {m.rating.provisional && ` · ${t('members.ratingProvisional', m.rating)}`}
                                </span>
                              )}
                              {m.lineBlocked && (
                                <span
                                  className="badge badge--muted"
                                  title={t('members.lineBlockedHint')}
                                  data-testid="line-blocked"
                                >
                                  {t('members.lineBlockedBadge')}
                                </span>
                              )}
                            </span>
                          </td>
                          <td>
                            <select
                              className="input input--compact"
                              value={m.membership}
                              aria-label={t('members.membershipOf', { name: m.name })}
                              onChange={(e) => void changeMembership(m, e.target.value as Membership)}
                              disabled={busy}
                            >
                              {MEMBERSHIPS.map((level) => (
                                <option key={level} value={level}>
                                  {t(`membership.${level}`)}
                                </option>
                              ))}
                            </select>
                          </td>
                          <td className="table__num">{formatNumber(m.stats.sessions)}</td>
                          <td className="table__num">{formatNumber(m.stats.attended)}</td>
                          <td className="table__num">{formatNumber(m.stats.absent)}</td>
                          <td className="table__num">
                            {m.stats.attended + m.stats.absent > 0 ? formatPercent(m.stats.attendanceRate) : '—'}
                          </td>
                          <td>{m.stats.lastSessionAt ? formatDay(m.stats.lastSessionAt) : '—'}</td>
                          <td>
                            <button
                              type="button"
                              className={`button button--small ${m.blocked ? 'button--outline' : 'button--danger-outline'}`}
                              onClick={() => setConfirming(m)}
                              disabled={busy}
                              data-testid="toggle-block"
                            >
                              {m.blocked ? t('members.unblock') : t('members.block')}
                            </button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableWrap>
                <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
              </>
            )
          }
        </QueryView>
      </section>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.blocked ? t('members.unblockTitle') : t('members.blockTitle')}
        confirmLabel={confirming?.blocked ? t('members.unblock') : t('members.block')}
        onConfirm={toggleBlock}
        onCancel={() => setConfirming(null)}
        tone={confirming?.blocked ? 'primary' : 'danger'}
        busy={busy}
        testId="block-dialog"
      >
        <p>
          {confirming?.blocked
            ? t('members.unblockText', { name: confirming.name })
            : t('members.blockText', { name: confirming?.name ?? '' })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
