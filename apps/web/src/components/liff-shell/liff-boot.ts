import liff from '@line/liff/core';
import GetFriendship from '@line/liff/get-friendship';
import GetIDToken from '@line/liff/get-id-token';
import GetProfile from '@line/liff/get-profile';
import IsInClient from '@line/liff/is-in-client';
import IsLoggedIn from '@line/liff/is-logged-in';
import Login from '@line/liff/login';
import type { LiffAppInfo } from '@app/contracts';
import { liffFetch } from './liff-api.ts';

/** Which mini-app a page is: its service's name in the public start call (/liff/api/v1/...). */
export type MiniAppService = 'member' | 'shift';

export type LiffSession = {
  info: LiffAppInfo;
  /** The LIFF ID token: every call of the mini-app's API carries it; the server verifies it with LINE. */
  idToken: string;
  profile: { userId: string; displayName: string; pictureUrl: string | null };
  isFriend: boolean;
};

/** Why a mini-app cannot start (each has its own screen). */
export class LiffBootError extends Error {
  constructor(readonly reason: 'NO_ACCOUNT' | 'NOT_AVAILABLE' | 'OPEN_IN_SIMULATOR' | 'LIFF_FAILED') {
    super(reason);
  }
}

/** What the LINE simulator's launch URL carries (`lineSim`, base64url JSON): its LIFF login. */
export type SimulatorLogin = {
  liffId: string;
  idToken: string;
  accessToken: string;
  profile: { userId: string; displayName: string; pictureUrl?: string; statusMessage?: string };
  context: Record<string, unknown>;
  friendship: { friendFlag: boolean };
};

export function readSimulatorLogin(raw: string | null): SimulatorLogin | null {
  if (!raw) return null;
  try {
    const json = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as SimulatorLogin;
  } catch {
    return null;
  }
}

const decodeJwtPayload = (token: string): Record<string, unknown> => {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
};

/**
 * Start a mini-app as LINE opens it: `?lineAccountId=` names the account; the public start call gives
 * the LIFF id, store and branding; then the real LIFF SDK (pluggable: only the modules used). Against the
 * LINE simulator (the server says so) LINE's official liff-mock plugin is loaded and fed the simulator's
 * LIFF login from the launch URL, so the page runs the same SDK calls offline.
 */
export async function bootLiff(
  service: MiniAppService,
  location: Location = window.location,
): Promise<LiffSession> {
  const params = new URLSearchParams(location.search);
  const lineAccountId = params.get('lineAccountId');
  if (!lineAccountId || !/^\d{1,9}$/.test(lineAccountId)) throw new LiffBootError('NO_ACCOUNT');
  const info = await liffFetch<LiffAppInfo>(`/liff/api/v1/line-account/${lineAccountId}/${service}`).catch(
    () => {
      throw new LiffBootError('NOT_AVAILABLE');
    },
  );
  liff.use(new IsInClient());
  liff.use(new Login());
  if (info.lineMode === 'simulator') {
    const login = readSimulatorLogin(params.get('lineSim'));
    if (!login || login.liffId !== info.liffId) throw new LiffBootError('OPEN_IN_SIMULATOR');
    const { LiffMockPlugin } = await import('@line/liff-mock');
    // liff-mock is typed against the full SDK's liff; it installs on the core alike.
    (liff.use as (plugin: object) => void)(new LiffMockPlugin());
    await (liff.init as (config: { liffId: string; mock: boolean }) => Promise<void>)({
      liffId: info.liffId,
      mock: true,
    });
    const mocked = liff as unknown as { $mock: { set: (fn: (p: object) => object) => void } };
    mocked.$mock.set((previous) => ({
      ...previous,
      isInClient: true,
      isLoggedIn: true,
      getProfile: login.profile,
      getIDToken: login.idToken,
      getDecodedIDToken: decodeJwtPayload(login.idToken),
      getAccessToken: login.accessToken,
      getContext: login.context,
      getFriendship: login.friendship,
    }));
    // The mock's login takes no trip: it marks the user as logged in, as LINE's in-app browser is.
    liff.login();
  } else {
    liff.use(new IsLoggedIn());
    liff.use(new GetIDToken());
    liff.use(new GetProfile());
    liff.use(new GetFriendship());
    try {
      await liff.init({ liffId: info.liffId });
    } catch {
      throw new LiffBootError('LIFF_FAILED');
    }
    if (!liff.isLoggedIn()) {
      liff.login({ redirectUri: location.href });
      return new Promise<never>(() => {}); // LINE takes the page to its login and back
    }
  }
  const idToken = liff.getIDToken();
  if (!idToken) throw new LiffBootError('LIFF_FAILED');
  const [profile, friendship] = await Promise.all([liff.getProfile(), liff.getFriendship()]);
  return {
    info,
    idToken,
    profile: {
      userId: profile.userId,
      displayName: profile.displayName,
      pictureUrl: profile.pictureUrl ?? null,
    },
    isFriend: friendship.friendFlag,
  };
}
