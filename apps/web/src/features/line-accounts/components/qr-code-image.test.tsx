import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrCodeImage, qrPath } from './qr-code-image.tsx';

describe('QrCodeImage', () => {
  it('draws the code in the page, with the three finder squares', () => {
    const { size, d } = qrPath('https://line.me/R/ti/p/%40midori');
    expect(size).toBeGreaterThanOrEqual(21 + 4);
    // the top-left finder pattern starts right inside the 2-module quiet zone
    expect(d.startsWith('M2 2h1v1h-1z')).toBe(true);
    render(<QrCodeImage value="https://line.me/R/ti/p/%40midori" label="QR" />);
    expect(screen.getByRole('img', { name: 'QR' }).getAttribute('viewBox')).toBe(`0 0 ${size} ${size}`);
  });
});
