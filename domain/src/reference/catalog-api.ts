import { z } from 'zod'
import type { Wire } from '../common/wire'

/** What the described catalogues answer (`/areas`, `/positions`). */
export const CatalogRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string(),
  status: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
})

/** `GET /areas`, `GET /positions`: the active records, for the dropdowns. */
export const CatalogOptionSchema = z.object({ id: z.number(), code: z.string(), description: z.string() })

export type CatalogRow = Wire<typeof CatalogRowSchema>
export type CatalogOption = Wire<typeof CatalogOptionSchema>

/**
 * `GET /catalog-version`: a number that grows with every change to areas, positions or companies;
 * the web processes keep their catalogues while it stays the same (docs/decisions/several-copies.md).
 */
export const CatalogVersionSchema = z.object({ version: z.number() })
export type CatalogVersion = Wire<typeof CatalogVersionSchema>
