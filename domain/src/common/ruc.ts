const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]
const RUC_PREFIXES = ['10', '15', '16', '17', '20']

/** SUNAT's RUC check digit: weights 5,4,3,2,7,6,5,4,3,2; r = sum mod 11; digit = (11 − r) mod 10. */
export function rucCheckDigit(firstTen: string): number {
  const sum = RUC_WEIGHTS.reduce((acc, w, i) => acc + w * Number(firstTen[i]), 0)
  return (11 - (sum % 11)) % 10
}

export function isValidRuc(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false
  if (!RUC_PREFIXES.includes(value.slice(0, 2))) return false
  return rucCheckDigit(value.slice(0, 10)) === Number(value[10])
}
