import { REGIONS } from '@shuttle/shared';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { RegionOptions } from './region-options';

afterEach(() => changeLanguage('zh-TW'));

const options = () =>
  (screen.getByRole('combobox') as HTMLSelectElement).querySelectorAll('option') as NodeListOf<HTMLOptionElement>;

describe('the region options of every region select', () => {
  it('keep the stored Chinese value and show the name in the admin language', async () => {
    await changeLanguage('en');
    render(
      <select aria-label="region">
        <RegionOptions />
      </select>,
    );
    expect([...options()].map((o) => o.value)).toEqual([...REGIONS]);
    expect(options()[0]!.textContent).toBe('Taipei');
    expect([...options()].every((o) => !/[\u4e00-\u9fff]/.test(o.textContent ?? ''))).toBe(true);
  });

  it('show the Chinese names in zh-TW', () => {
    render(
      <select aria-label="region">
        <RegionOptions />
      </select>,
    );
    expect(options()[0]!.textContent).toBe('台北市');
  });
});
