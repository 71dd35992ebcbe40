import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodySentTo, signedInAdminForEachTest } from '@/testing/signed-in';
import { CreateTeamForm } from './create-team-form';

signedInAdminForEachTest();

const team = {
  team_id: 'team-hsinchu',
  team_name: '新竹週三羽球',
  default_region: '新竹市',
  amount_of_member: 1,
  role: 'owner',
  is_current: true,
};

describe('the create-team form', () => {
  it('sends the default place as typed, the region optional and explained', async () => {
    const fetch = stubFetch(
      routes({
        'setting/getTeamNameList': envelope([]),
        'setting/createTeam': envelope({ team, currentTeamId: team.team_id }),
      }),
    );
    const onCreated = vi.fn();
    render(<CreateTeamForm onCreated={onCreated} />);
    const region = screen.getByRole('combobox', { name: '預設地區' });
    expect(region).toHaveProperty('value', '');
    expect(region.querySelector('option')?.textContent).toBe('尚未設定');
    expect(document.getElementById(region.getAttribute('aria-describedby')!)?.textContent).toBe(
      '球友搜尋場次時依地區篩選',
    );

    fireEvent.change(screen.getByRole('textbox', { name: '球隊名稱' }), { target: { value: '新竹週三羽球' } });
    fireEvent.change(screen.getByRole('textbox', { name: '預設場地名稱' }), { target: { value: ' 新竹市立體育館 ' } });
    fireEvent.change(region, { target: { value: '新竹市' } });
    fireEvent.change(screen.getByRole('textbox', { name: '場地地址' }), { target: { value: '新竹市東區公園路295號' } });
    fireEvent.click(screen.getByRole('button', { name: '建立球隊' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(team));
    expect(bodySentTo(fetch, 'setting/createTeam')).toEqual({
      team_name: '新竹週三羽球',
      default_region: '新竹市',
      default_place_name: '新竹市立體育館',
      default_location: '新竹市東區公園路295號',
      default_price: 0,
      default_line: '',
    });
  });
});
