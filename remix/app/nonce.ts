import { createContext, useContext } from 'react'

/**
 * The request's Content-Security-Policy nonce (remix/server/security.ts), given to the inline
 * scripts Remix writes into the document. Only the server render has one; browsers hide it anyway.
 */
export const NonceContext = createContext<string | undefined>(undefined)
export const useNonce = () => useContext(NonceContext)
