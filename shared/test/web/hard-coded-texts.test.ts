import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { hardCodedTexts } from '../../src/web/testing-i18n.ts';

// The apps' translation tests pass when `hardCodedTexts` finds nothing: here it must find each
// kind of text written into a component, and nothing in translated or non-text places.
const dir = mkdtempSync(join(tmpdir(), 'hard-coded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PLANTED = `import { useTranslation } from 'react-i18next';
type Label = '羽球';
export function Planted({ n }: { n: number }) {
  const { t } = useTranslation();
  const note = n > 1 ? '報名已滿' : t('member.ok');
  return (
    <section aria-label="Sessions" title={t('member.title')}>
      <img alt="球場" src="/court.png" />
      <input placeholder="Search" className="wide" />
      Book now
      <p>{note} - {n}</p>
      <span data-kind="plain">{'🏸'}</span>
      <b>Shuttle</b>
    </section>
  );
}
`;

it('finds JSX text, text attributes and Chinese or Japanese strings, and passes translated text', () => {
  const file = join(dir, 'planted.tsx');
  writeFileSync(file, PLANTED);
  const found = hardCodedTexts([file], /^\s*Shuttle\s*$/).map((line) => line.slice(line.indexOf(': ') + 2));
  expect(found).toEqual([
    '羽球',
    '報名已滿',
    'aria-label="Sessions"',
    'alt="球場"',
    '球場',
    'placeholder="Search"',
    'Book now',
  ]);
});

it('reads only components: a .ts file is not searched', () => {
  const file = join(dir, 'texts.ts');
  writeFileSync(file, "export const title = '報名';\n");
  expect(hardCodedTexts([file])).toEqual([]);
});

it('stops on a file it cannot parse rather than passing it', () => {
  const file = join(dir, 'broken.tsx');
  writeFileSync(file, 'export const X = () => <div>;\n');
  expect(() => hardCodedTexts([file])).toThrow(/broken\.tsx/);
});
