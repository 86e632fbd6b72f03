/** What the sign-in paths take and answer (the routes describe the same shapes for /docs). */

export interface LoginInput {
  grant_type?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  scope?: string | undefined;
  device?: string | undefined;
  application?: string | undefined;
}

/** 200: signed in. */
export interface SignedIn {
  access_token: string;
  'content-token': string;
  token_type: 'bearer';
  expires_in: number;
}

/** One signed-in device as the device list shows it; `id` is the session's access token id. */
export interface LoginActivity {
  id: string;
  device: string;
  application: string;
  ip: string;
  created_at: string;
  last_used_at: string;
  /** The session making this request (signed-in callers only). */
  current: boolean;
}

export interface DeviceList {
  login_activities: LoginActivity[];
  /** The limit that applies to this user (their own, else the domain's); null when there is none. */
  login_limit_count: number | null;
  service_name: string;
  /** The device we suggest logging out: the one unused for the longest time. Null when the list is empty. */
  target_token_id: string | null;
}

/** 201: the simultaneous-login limit is reached; log a device out, then continue with the temporary token. */
export interface LoginLimited extends DeviceList {
  temporary_token: string;
  expires_in: number;
}

/** 202: a second step is needed; the code went to these channels. */
export interface SecondStepRequired {
  temporary_token: string;
  expires_in: number;
  delivery: ('mail' | 'sms')[];
}

/** How a sign-in ends once every check has passed: signed in, or held at the login limit. */
export type FinishAnswer = { status: 200; body: SignedIn } | { status: 201; body: LoginLimited };

export type SignInAnswer = FinishAnswer | { status: 202; body: SecondStepRequired };
