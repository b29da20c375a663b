import { BLOCKING_REVIEW_FLAGS } from '@planillas/domain'
import { type AnyColumn, type SQL, sql } from 'drizzle-orm'

/**
 * "Awaits review" in SQL, the one spelling of the domain's `awaitsReview`: a blocking
 * flag no one confirmed. `lines` is the payroll_lines table, or an alias of it
 * (`alias(payrollLines, 'l')`) in a query that names it so; the payment import and the payment file
 * both use this fragment.
 */
export function awaitsReviewSql(lines: {
  reviewFlags: AnyColumn
  reviewConfirmedAt: AnyColumn
}): SQL<boolean> {
  return sql<boolean>`(${lines.reviewFlags} & ${sql.raw(String(BLOCKING_REVIEW_FLAGS))} <> 0 and ${lines.reviewConfirmedAt} is null)`
}
