import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addStylesheet } from '../../../test-support/stylesheet';
import { Breadcrumb } from '../components/breadcrumb';

let removeCss = () => {};
beforeAll(() => (removeCss = addStylesheet('features/product/product.css')));
afterAll(() => removeCss());
afterEach(cleanup);

// A name the seed never has but an admin may type: one word longer than a phone is wide.
const NAME = 'Stainless-Steel-Pressure-Cooker-With-Induction-Base-5L-SpillProof-LidEdition2026 and more words after it';

describe('the product page breadcrumb at a phone width (docs/product.md#screens, Product page)', () => {
  it('stays on one line: each crumb may shrink and ends in an ellipsis, so nothing pushes the page sideways', () => {
    render(
      <MemoryRouter>
        <Breadcrumb
          crumbs={[
            { name: 'Home', url: '/' },
            { name: 'Kitchen & Dining Appliances', url: '/Kitchen-C1' },
            { name: NAME, url: '/product/x-P1' },
          ]}
        />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list');
    expect(getComputedStyle(list).flexWrap).toBe('nowrap');
    const current = screen.getByText(NAME);
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.getAttribute('title'), 'the whole name on hover').toBe(NAME);
    for (const crumb of screen.getAllByRole('listitem')) {
      const css = getComputedStyle(crumb);
      expect([css.whiteSpace, css.overflow, css.textOverflow, css.minWidth]).toEqual(['nowrap', 'hidden', 'ellipsis', '0']);
    }
    expect(getComputedStyle(current).flexShrink, "the product's name gives way first").toBe('1');
    expect(getComputedStyle(screen.getAllByRole('listitem')[1]!).maxWidth, 'a long category is cut too').toBe('45%');
  });
});
