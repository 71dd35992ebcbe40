import type { AdminSession, TeamMemberView } from '@shuttle/shared';
import { TEXT_LIMITS } from '@shuttle/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { useAction } from '@/hooks/use-action';
import { sessionsChanged } from '@/lib/changes';
import { addWalkIn } from '../api/add-walk-in';
import { findMembers } from '../api/find-members';

type Kind = 'member' | 'guest';

/**
 * A player who turns up without booking: a team member found by name, or a guest by name only.
 * With no place free (or players waiting for one), the button raises the limit in place: +1 名額並加入.
 */
export function WalkInForm({ session }: { session: AdminSession }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [kind, setKind] = useState<Kind>('member');
  const [name, setName] = useState('');
  const [matches, setMatches] = useState<TeamMemberView[]>([]);
  const [picked, setPicked] = useState<TeamMemberView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const full = session.remaining <= 0 || session.waitingCount > 0;

  useEffect(() => {
    if (kind !== 'member' || picked || name.trim().length === 0) {
      setMatches([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      findMembers(name.trim())
        .then((page) => live && setMatches(page.items))
        .catch(() => live && setMatches([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [kind, name, picked]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kind === 'member' && !picked) {
      setError(t('signed.pickMember'));
      return;
    }
    if (kind === 'guest' && !name.trim()) {
      setError(t('signed.guestName'));
      return;
    }
    setError(null);
    const player = kind === 'member' && picked ? { userId: picked.userId } : { name: name.trim() };
    const result = await run(() => addWalkIn(session.id, player, full), {
      success: {
        title: t('signed.walkInAdded'),
        message: t('signed.walkInAddedText', { name: kind === 'member' ? picked?.name : name.trim() }),
      },
    });
    if (!result) return;
    setName('');
    setPicked(null);
    void sessionsChanged.announce(session.id);
  };

  return (
    <section className="panel" aria-labelledby="walk-in-title" data-testid="walk-in">
      <h2 className="panel__title" id="walk-in-title">
        {t('signed.walkIn')}
      </h2>
      <p className="panel__text">
        {full ? t('door.walkInFull') : t('signed.walkInIntro', { count: session.remaining })}
      </p>
      <form className="form" onSubmit={submit} noValidate>
        <div className="segmented" role="radiogroup" aria-label={t('signed.walkInKind')}>
          {(['member', 'guest'] as const).map((k) => (
            <label key={k} className="segmented__item segmented__item--radio">
              <input
                type="radio"
                name="walk-in-kind"
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setPicked(null);
                  setError(null);
                }}
              />
              <span>{t(`signed.kinds.${k}`)}</span>
            </label>
          ))}
        </div>
        <Field label={kind === 'member' ? t('signed.searchMember') : t('signed.guestNameLabel')} error={error}>
          {(c) => (
            <input
              {...c}
              className="input"
              maxLength={TEXT_LIMITS.playerName}
              value={picked ? picked.name : name}
              onChange={(e) => {
                setPicked(null);
                setName(e.target.value);
              }}
              autoComplete="off"
              data-testid="walk-in-name"
            />
          )}
        </Field>
        {kind === 'member' && matches.length > 0 && !picked && (
          <ul className="suggestions" aria-label={t('signed.matches')}>
            {matches.map((m) => (
              <li key={m.userId}>
                <button
                  type="button"
                  className="suggestions__item"
                  onClick={() => {
                    setPicked(m);
                    setMatches([]);
                  }}
                >
                  {m.name}
                  {m.blocked && <span className="badge badge--absent">{t('members.blockedBadge')}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
        <button type="submit" className="button button--primary" disabled={busy} data-testid="walk-in-submit">
          {full ? t('door.raiseAndAdd') : t('signed.addWalkIn')}
        </button>
      </form>
    </section>
  );
}
