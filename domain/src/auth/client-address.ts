/**
 * How the web tier tells the API who the browser is. The API sees the web tier's address on every
 * sign-in, so a limit keyed on it locks every user out at once; the web tier passes the
 * browser's address in `CLIENT_ADDRESS_HEADER`, which the API believes only next to the secret the
 * two share (`CLIENT_ADDRESS_SECRET`) in `WEB_TIER_SECRET_HEADER`. A browser never learns it, and
 * the web tier replaces whatever address header a browser sends.
 */
export const CLIENT_ADDRESS_HEADER = 'x-planillas-client-address'
export const WEB_TIER_SECRET_HEADER = 'x-planillas-web-tier'
