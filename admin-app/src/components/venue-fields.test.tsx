import { REGIONS, TEXT_LIMITS } from '@shuttle/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useVenueValues, VenueFields, type VenueValues } from './venue-fields';

const EMPTY: VenueValues = { venue: '', region: '', address: '' };

const optionTexts = (select: HTMLElement) => [...select.querySelectorAll('option')].map((o) => o.textContent);

/** A form holding its venue with the hook, as the team, location and venue/time forms do. */
function Form({ initial }: { initial: VenueValues }) {
  const [values, change] = useVenueValues(initial);
  return (
    <form>
      <VenueFields values={values} onChange={change} regionPlaceholder="請選擇地區" />
      <output data-testid="values">{JSON.stringify(values)}</output>
    </form>
  );
}

describe('the venue fields of every admin form', () => {
  it('names the venue, region and address as a session does, within the text limits', () => {
    render(<VenueFields values={EMPTY} onChange={() => {}} regionPlaceholder="請選擇地區" />);
    const venue = screen.getByRole('textbox', { name: '場地' });
    const address = screen.getByRole('textbox', { name: '地址' });
    const region = screen.getByRole('combobox', { name: '地區' });
    expect(venue.getAttribute('maxlength')).toBe(String(TEXT_LIMITS.venueName));
    expect(address.getAttribute('maxlength')).toBe(String(TEXT_LIMITS.address));
    expect(optionTexts(region)).toEqual(['請選擇地區', ...REGIONS]);
    expect((region as HTMLSelectElement).value).toBe('');
    // The create form focuses its first field in error by these boxes.
    expect(venue.closest('[data-field="venue"]')).not.toBeNull();
    expect(region.closest('[data-field="region"]')).not.toBeNull();
    expect(address.closest('[data-field="address"]')).not.toBeNull();
  });

  it('reports each change with the field it came from', () => {
    const onChange = vi.fn();
    render(<VenueFields values={EMPTY} onChange={onChange} regionPlaceholder="請選擇地區" />);
    fireEvent.change(screen.getByRole('textbox', { name: '場地' }), { target: { value: '大安運動中心' } });
    fireEvent.change(screen.getByRole('combobox', { name: '地區' }), { target: { value: '新竹市' } });
    fireEvent.change(screen.getByRole('textbox', { name: '地址' }), { target: { value: '辛亥路三段55號' } });
    expect(onChange.mock.calls).toEqual([
      ['venue', '大安運動中心'],
      ['region', '新竹市'],
      ['address', '辛亥路三段55號'],
    ]);
  });

  it("shows a form's errors on their fields, marked invalid and read with them", () => {
    render(
      <VenueFields
        values={EMPTY}
        onChange={() => {}}
        errors={{ venue: '此欄位為必填', region: '請選擇地區', address: null }}
      />,
    );
    const venue = screen.getByRole('textbox', { name: '場地' });
    const region = screen.getByRole('combobox', { name: '地區' });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['此欄位為必填', '請選擇地區']);
    expect(venue.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(venue.getAttribute('aria-describedby')!)?.textContent).toBe('此欄位為必填');
    expect(region.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: '地址' }).getAttribute('aria-invalid')).toBe('false');
  });

  it("takes a form's own labels and region hint, and offers no empty region without a placeholder", () => {
    render(
      <VenueFields
        values={{ venue: '大安運動中心', region: '台北市', address: '' }}
        onChange={() => {}}
        labels={{ venue: '預設場地名稱', region: '預設地區', address: '場地地址' }}
        regionHint="球友搜尋場次時依地區篩選"
        regionTestId="default-region"
      />,
    );
    expect(screen.getByRole('textbox', { name: '預設場地名稱' })).toHaveProperty('value', '大安運動中心');
    expect(screen.getByRole('textbox', { name: '場地地址' })).toBeTruthy();
    const region = screen.getByRole('combobox', { name: '預設地區' });
    expect(region).toBe(screen.getByTestId('default-region'));
    expect(region).toHaveProperty('value', '台北市');
    expect(optionTexts(region)).toEqual([...REGIONS]);
    expect(document.getElementById(region.getAttribute('aria-describedby')!)?.textContent).toBe(
      '球友搜尋場次時依地區篩選',
    );
    expect(screen.queryByRole('textbox', { name: '場地' })).toBeNull();
  });

  it('keeps what is typed in a form that holds its venue with useVenueValues', () => {
    render(<Form initial={{ venue: '舊場地', region: '台北市', address: '舊地址' }} />);
    fireEvent.change(screen.getByRole('textbox', { name: '場地' }), { target: { value: '新場地' } });
    fireEvent.change(screen.getByRole('combobox', { name: '地區' }), { target: { value: '' } });
    expect(JSON.parse(screen.getByTestId('values').textContent!)).toEqual({
      venue: '新場地',
      region: '',
      address: '舊地址',
    });
    expect(screen.getByRole('textbox', { name: '場地' })).toHaveProperty('value', '新場地');
  });
});
