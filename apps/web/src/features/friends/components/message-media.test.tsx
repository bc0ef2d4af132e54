import type { MessageMediaView } from '@app/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messageBody } from '../../../testing/line-fixtures.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { MessageBubble } from './message-bubble.tsx';

const renderIn = (element: React.ReactNode) => {
  const { ui } = renderableApp({ routes: [{ path: '/', element }], initialPath: '/' });
  render(ui);
};

const media = (overrides: Partial<MessageMediaView>): MessageMediaView => ({
  kind: 'image',
  status: 'STORED',
  url: '/client/api/v1/line-account/7/friends/31/messages/1/content',
  previewUrl: '/client/api/v1/line-account/7/friends/31/messages/1/preview',
  fileName: null,
  size: 2048,
  durationMs: null,
  ...overrides,
});
const bubble = (message: Parameters<typeof messageBody>[0]) => (
  <MessageBubble message={messageBody(message)} friendName="佐藤" friendPictureUrl={null} />
);

describe('media in the トーク', { timeout: 20_000 }, () => {
  it('draws an image by its preview and enlarges it on a click; plays videos and audio', async () => {
    renderIn(
      <>
        {bubble({ id: 1, type: 'image', contents: '[image]', media: media({}) })}
        {bubble({
          id: 2,
          type: 'video',
          contents: '[video]',
          media: media({ kind: 'video', url: '/v.mp4', previewUrl: null }),
        })}
        {bubble({
          id: 3,
          type: 'audio',
          contents: '[audio]',
          media: media({ kind: 'audio', url: '/a.m4a' }),
        })}
      </>,
    );
    const image = await screen.findByTestId('message-image');
    expect(image.getAttribute('src')).toBe('/client/api/v1/line-account/7/friends/31/messages/1/preview');
    expect(screen.queryByText('[image]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enlarge the image' }));
    const enlarged = await screen.findByRole('dialog');
    expect(enlarged.querySelector('img')?.getAttribute('src')).toBe(
      '/client/api/v1/line-account/7/friends/31/messages/1/content',
    );
    expect(screen.getByTestId('message-video').getAttribute('src')).toBe('/v.mp4');
    expect(screen.getByTestId('message-audio').getAttribute('src')).toBe('/a.m4a');
  });

  it('offers a file to download under its name and size, and says in words what is not there', async () => {
    renderIn(
      <>
        {bubble({
          id: 1,
          type: 'file',
          contents: '[file]',
          media: media({ kind: 'file', fileName: 'お見積り.pdf', size: 1_572_864, previewUrl: null }),
        })}
        {bubble({
          id: 2,
          type: 'image',
          contents: '[image]',
          media: media({ status: 'EXPIRED', url: null }),
        })}
        {bubble({
          id: 3,
          type: 'video',
          contents: '[video]',
          media: media({ kind: 'video', status: 'FAILED' }),
        })}
        {bubble({
          id: 4,
          type: 'audio',
          contents: '[audio]',
          media: media({ kind: 'audio', status: 'PENDING' }),
        })}
        {bubble({
          id: 6,
          type: 'video',
          contents: '[video]',
          media: media({ kind: 'video', status: 'PREPARING', url: null, previewUrl: null }),
        })}
        {bubble({
          id: 5,
          type: 'location',
          contents: '[location]',
          location: { title: '京都駅', address: '京都市下京区', latitude: 34.985, longitude: 135.758 },
        })}
      </>,
    );
    const file = await screen.findByTestId('message-file');
    expect(file.textContent).toContain('お見積り.pdf');
    expect(file.textContent).toContain('1.5 MB');
    expect(file.getAttribute('download')).toBe('お見積り.pdf');
    expect(screen.getByText("The image's storage period has passed")).toBeTruthy();
    expect(screen.getByText('The video could not be saved')).toBeTruthy();
    expect(screen.getByText('Receiving the audio…')).toBeTruthy();
    // 準備中: LINE still prepares the video, no player yet
    expect(screen.getByText('LINE is preparing the video (it shows once ready)')).toBeTruthy();
    expect(document.querySelector('[data-status="PREPARING"]')).not.toBeNull();
    expect(document.querySelector('video')).toBeNull();
    const map = screen.getByRole('link', { name: 'Open in a map' });
    expect(map.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=34.985%2C135.758');
    expect(screen.getByText('京都駅')).toBeTruthy();
  });
});
