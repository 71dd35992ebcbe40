import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { defaultData } from '@/testing/fixtures';
import { bodySentTo, signedInAdminForEachTest } from '@/testing/signed-in';
import { LocationPage } from './location-page';

signedInAdminForEachTest();

const renderPage = () =>
  render(
    <MemoryRouter>
      <LocationPage />
    </MemoryRouter>,
  );

describe('the location settings page', () => {
  it("saves the team's default place as typed, with the region it keeps", async () => {
    const fetch = stubFetch(
      routes({
        'get-default-data': envelope(defaultData),
        'setting/getCourts': envelope([]),
        'setting/updateDefault': envelope({ ...defaultData, default_location: '台北市大安區新生南路一段1號' }),
      }),
    );
    renderPage();
    const form = await screen.findByTestId('default-place-form');
    expect(within(form).getByRole('textbox', { name: '預設場地名稱' })).toHaveProperty('value', '大安運動中心');
    expect(within(form).getByRole('combobox', { name: '預設地區' })).toHaveProperty('value', '台北市');
    fireEvent.change(within(form).getByRole('textbox', { name: '場地地址' }), {
      target: { value: ' 台北市大安區新生南路一段1號 ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '儲存' }));
    await waitFor(() =>
      expect(bodySentTo(fetch, 'setting/updateDefault')).toEqual({
        default_region: '台北市',
        default_place_name: '大安運動中心',
        default_location: '台北市大安區新生南路一段1號',
      }),
    );
  });

  it('asks for a default region before saving, and sends nothing without one', async () => {
    const fetch = stubFetch(
      routes({
        'get-default-data': envelope({ ...defaultData, default_region: '' }),
        'setting/getCourts': envelope([]),
      }),
    );
    renderPage();
    const form = await screen.findByTestId('default-place-form');
    fireEvent.click(within(form).getByRole('button', { name: '儲存' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('請選擇預設地區');
    expect(within(form).getByRole('combobox', { name: '預設地區' }).getAttribute('aria-invalid')).toBe('true');
    expect(bodySentTo(fetch, 'setting/updateDefault')).toBeUndefined();
  });

  it('adds a venue in the team region once it has a name, and refuses it without one', async () => {
    const saved = { venue_id: 'venue-1', name: '新莊體育館', address: '', region: '台北市', courts: ['A', 'B'] };
    const fetch = stubFetch(
      routes({
        'get-default-data': envelope(defaultData),
        'setting/getCourts': envelope([]),
        'setting/saveVenue': envelope(saved),
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '新增場地' }));
    const dialog = await screen.findByRole('dialog', { name: '新增場地' });
    expect(within(dialog).getByRole('combobox', { name: '地區' })).toHaveProperty('value', '台北市');
    fireEvent.click(within(dialog).getByRole('button', { name: '儲存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('此欄位為必填');
    expect(bodySentTo(fetch, 'setting/saveVenue')).toBeUndefined();

    fireEvent.change(within(dialog).getByRole('textbox', { name: '場地名稱' }), { target: { value: '新莊體育館' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '場地編號' }), { target: { value: 'A, B' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '儲存' }));
    await waitFor(() =>
      expect(bodySentTo(fetch, 'setting/saveVenue')).toEqual({
        name: '新莊體育館',
        address: '',
        region: '台北市',
        courts: ['A', 'B'],
      }),
    );
  });
});
