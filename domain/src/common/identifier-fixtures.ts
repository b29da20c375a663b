/**
 * Identifier tests' fixtures shared with the other packages' tests (through
 * `@planillas/domain/identifier-fixtures`): domain/ imports nothing of testing/, so they live here. No
 * production module imports them.
 */

/** Valid CCIs of several banks, both check digits right: the check-digit vectors. */
export const CCI_CHECK_VECTORS = [
  '01135600020019445039',
  '00392401319240299683',
  '00928021280006298996',
  '03810110700064503226',
  '04947900601503257899',
  '01800000400588058608',
  '00219100012345678957',
]
