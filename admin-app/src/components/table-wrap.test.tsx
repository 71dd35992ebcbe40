import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TableWrap } from './table-wrap';

describe('the box of a wide table', () => {
  it('is a named region that takes keyboard focus, so it scrolls without a pointer', () => {
    render(
      <TableWrap label="預約紀錄">
        <table>
          <tbody>
            <tr>
              <td>1</td>
            </tr>
          </tbody>
        </table>
      </TableWrap>,
    );
    const region = screen.getByRole('region', { name: '預約紀錄' });
    expect(region.tabIndex).toBe(0);
    region.focus();
    expect(document.activeElement).toBe(region);
    expect(region.querySelector('table')).not.toBeNull();
  });
});
