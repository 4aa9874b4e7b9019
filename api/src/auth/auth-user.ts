/** What a valid access token tells every handler about the caller. */
export interface AuthUser {
  id: string;
  role: 'ADMIN' | 'USER';
  sid: string;
}
