import type { ReactNode } from 'react';

export function StatCard({
  label,
  value,
  hint,
  icon,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="stat-card" data-testid={testId}>
      {icon && <div className="stat-card__icon">{icon}</div>}
      <div>
        <p className="stat-card__label">{label}</p>
        <p className="stat-card__value">{value}</p>
        {hint && <p className="stat-card__hint">{hint}</p>}
      </div>
    </div>
  );
}
