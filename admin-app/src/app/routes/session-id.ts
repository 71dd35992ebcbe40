import { useSearchParams } from 'react-router';

/** The `id` query parameter of the session screens (/detail, /books, /signed). */
export function useSessionIdParam(): string | null {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id && /^[A-Za-z0-9_.:-]{1,64}$/.test(id) ? id : null;
}
