import { persistentClientAddressSecret } from '@planillas/api/auth/secret'
import { ensureSessionSecret } from './local-data'

/**
 * `npm run start:web`: the web tier alone (remix/server/main.ts), talking to the API at API_URL.
 * Outside production a missing SESSION_SECRET is generated once into .data, as `npm start` does;
 * it must be in the environment before the web tier's code loads, hence the import after it.
 */
if (process.env.NODE_ENV !== 'production') {
  ensureSessionSecret()
  // The API started on this machine reads the same file (the browser's address, client-address.ts).
  persistentClientAddressSecret()
}
await import('@planillas/remix/server/main')
