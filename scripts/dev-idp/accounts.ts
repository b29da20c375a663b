import { timingSafeEqual } from 'node:crypto'
import { DEMO_USERS } from '@planillas/db/seed'
import type { Account, FindAccount } from 'oidc-provider'

/** A demo user as the development provider knows them; the subject is stable across restarts. */
export type DemoAccount = {
  subject: string
  email: string
  name: string
  roles: readonly string[]
  password: string
}

export const DEMO_ACCOUNTS: DemoAccount[] = DEMO_USERS.map((u) => ({
  subject: `demo-${u.email.split('@')[0]}`,
  email: u.email,
  name: u.name,
  roles: u.roles,
  password: u.password,
}))

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** The account whose e-mail (any case) and password match, or null. */
export function authenticate(email: string, password: string): DemoAccount | null {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email.trim().toLowerCase())
  return account && sameText(account.password, password) ? account : null
}

/** oidc-provider's account lookup: the claims of the scopes granted, `roles` among them. */
export const findAccount: FindAccount = async (_ctx, id): Promise<Account | undefined> => {
  const account = DEMO_ACCOUNTS.find((a) => a.subject === id)
  if (!account) return undefined
  return {
    accountId: account.subject,
    claims: async () => ({
      sub: account.subject,
      email: account.email,
      email_verified: true,
      name: account.name,
      roles: [...account.roles],
    }),
  }
}
