import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton, SkeletonRegion } from './skeleton.tsx';

describe('SkeletonRegion', () => {
  it('is busy and says Loading... to a screen reader, its shape hidden from it', () => {
    render(
      <SkeletonRegion className="screen__loading">
        <Skeleton width="10rem" />
        <Skeleton shape="circle" width="4rem" />
      </SkeletonRegion>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading...');
    expect(status.className).toBe('visually-hidden');
    const region = status.closest('[aria-busy="true"]') as HTMLElement;
    expect(region.className).toBe('skeleton-region screen__loading');
    const shape = region.querySelector('.skeleton-region__shape') as HTMLElement;
    expect(shape.getAttribute('aria-hidden')).toBe('true');
    expect(shape.querySelectorAll('.skeleton')).toHaveLength(2);
    expect((shape.querySelector('.skeleton--circle') as HTMLElement).style.width).toBe('4rem');
  });

  it('says its own words when given', () => {
    render(
      <SkeletonRegion label="Loading messages...">
        <Skeleton />
      </SkeletonRegion>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading messages...');
  });
});
