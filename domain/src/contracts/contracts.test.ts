import { describe, expect, it } from 'vitest'
import {
  addDays,
  addMonths,
  belowMinimumWageWarning,
  CONTRACT_MESSAGES,
  calendarStatus,
  contractActions,
  contractEndDate,
  contractPay,
  contractPayDate,
  contractSettings,
  contractStatus,
  familyAllowanceOn,
  fixedTermRunStart,
  fixedTermWarning,
  isIsoDate,
  minimumWageOn,
  renewalStart,
  sweepTarget,
  transitionProblem,
} from './contracts'

describe('contract end date', () => {
  it.each<[string, number | null, string | null]>([
    // Whole months: start + 1, 3, 6 or 12 months − 1 day; none for the indefinite one (5).
    ['2026-01-01', 1, '2026-01-31'],
    ['2026-03-15', 1, '2026-04-14'],
    ['2026-03-15', 2, '2026-06-14'],
    ['2026-03-15', 3, '2026-09-14'],
    ['2026-03-15', 4, '2027-03-14'],
    ['2026-01-01', 4, '2026-12-31'],
    ['2026-03-15', 5, null],
    // To the end of a shorter month when the same day does not exist there.
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-01-29', 1, '2026-02-28'],
    ['2026-01-28', 1, '2026-02-27'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-08-31', 2, '2026-11-30'],
    ['2026-08-31', 3, '2027-02-28'],
    ['2025-12-31', 2, '2026-03-30'],
    ['2026-03-01', 1, '2026-03-31'],
    // Leap years: 29 February exists in 2028, not in 2027 or 2029.
    ['2028-01-31', 1, '2028-02-29'],
    ['2027-08-31', 3, '2028-02-29'],
    ['2028-02-29', 4, '2029-02-28'],
    ['2028-03-01', 4, '2029-02-28'],
    ['2027-03-01', 4, '2028-02-29'],
    // Across year ends; none without a complete, real start date and a known duration.
    ['2026-11-30', 2, '2027-02-28'],
    ['2026-12-01', 1, '2026-12-31'],
    ['2026-12-15', 1, '2027-01-14'],
    ['2026-03', 1, null],
    ['2026-02-30', 1, null],
    ['', 1, null],
    ['2026-03-15', null, null],
    ['2026-03-15', 9, null],
  ])('from %s, duration %s, ends on %s', (start, duration, end) => {
    expect(contractEndDate(start, duration)).toBe(end)
  })

  it('adds months knowing leap years: 29 February exists in 2000, not in 2100', () => {
    expect(addMonths('2000-01-30', 1)).toBe('2000-02-29')
    expect(addMonths('2100-01-29', 1)).toBe('2100-02-28')
  })

  it('renews without drifting: five 1-year contracts from 01/01/2021 end on 31/12/2025', () => {
    let start = '2021-01-01'
    const ends: string[] = []
    for (let i = 0; i < 5; i++) {
      const end = contractEndDate(start, 4) as string
      ends.push(end)
      start = renewalStart(end)
    }
    expect(ends).toEqual(['2021-12-31', '2022-12-31', '2023-12-31', '2024-12-31', '2025-12-31'])
    expect(start).toBe('2026-01-01')
    // Monthly renewals from the 31st settle on the 1st instead of creeping back a day a month.
    let monthly = '2026-01-31'
    const starts: string[] = []
    for (let i = 0; i < 3; i++) {
      monthly = renewalStart(contractEndDate(monthly, 1) as string)
      starts.push(monthly)
    }
    expect(starts).toEqual(['2026-03-01', '2026-04-01', '2026-05-01'])
  })

  it('starts a renewal the day after the end, across months and leap days', () => {
    expect(renewalStart('2026-02-28')).toBe('2026-03-01')
    expect(renewalStart('2028-02-28')).toBe('2028-02-29')
    expect(renewalStart('2026-12-31')).toBe('2027-01-01')
    expect(addDays('2026-03-01', -30)).toBe('2026-01-30')
  })

  it('tells real dates from look-alikes', () => {
    expect(isIsoDate('2028-02-29')).toBe(true)
    expect(isIsoDate('2026-02-29')).toBe(false)
    expect(isIsoDate('2026-13-01')).toBe(false)
    expect(isIsoDate('15/03/2026')).toBe(false)
  })
})

describe('contract status engine', () => {
  it('offers Finalizar and Despedir on VIGENTE, Renovar and Finalizar on POR VENCER, nothing after', () => {
    expect(contractActions(1).map((a) => a.label)).toEqual(['Finalizar', 'Despedir'])
    expect(contractActions(2).map((a) => a.label)).toEqual(['Renovar', 'Finalizar'])
    expect(contractActions(3)).toEqual([])
    expect(contractActions(4)).toEqual([])
    expect(contractStatus[1]).toEqual({ key: 'ACTIVE', label: 'VIGENTE', action: 'Finalizar' })
    expect(contractStatus[2].key).toBe('TOEXPIRE')
    expect(contractStatus[4]).toEqual({ key: 'TERMINATED', label: 'DESPEDIDO' })
  })

  it('allows the table transitions and refuses the rest with a reason', () => {
    expect(transitionProblem(1, 3)).toBeNull()
    expect(transitionProblem(1, 4, 'Falta grave')).toBeNull()
    expect(transitionProblem(2, 3)).toBeNull()
    expect(transitionProblem(1, 4)).toBe(CONTRACT_MESSAGES.reasonRequired)
    expect(transitionProblem(1, 4, '   ')).toBe(CONTRACT_MESSAGES.reasonRequired)
    expect(transitionProblem(2, 4, 'x')).toBe(
      'Un contrato POR VENCER no puede pasar a DESPEDIDO; acciones permitidas: Renovar o Finalizar',
    )
    expect(transitionProblem(2, 1)).toMatch(/use Renovar/)
    expect(transitionProblem(1, 2)).toMatch(/no puede pasar a POR VENCER/)
    expect(transitionProblem(3, 1)).toBe('Un contrato FINALIZADO no admite cambios de estado')
    expect(transitionProblem(4, 3)).toBe('Un contrato DESPEDIDO no admite cambios de estado')
    expect(transitionProblem(3, 3)).toBe('El contrato ya está FINALIZADO')
    expect(transitionProblem(1, 7)).toBe('Estado de contrato inválido')
  })

  it('gives the calendar status: POR VENCER 30 days before the end, FINALIZADO the day after', () => {
    const end = '2026-06-30'
    expect(calendarStatus(end, '2026-05-30')).toBe(1)
    expect(calendarStatus(end, '2026-05-31')).toBe(2)
    expect(calendarStatus(end, '2026-06-30')).toBe(2)
    expect(calendarStatus(end, '2026-07-01')).toBe(3)
    expect(calendarStatus(null, '2099-01-01')).toBe(1)
    expect(calendarStatus(end, '2026-06-20', 10)).toBe(2)
    expect(calendarStatus(end, '2026-06-19', 10)).toBe(1)
  })

  it('only moves contracts forward in the daily job', () => {
    expect(sweepTarget(1, '2026-06-30', '2026-06-01')).toBe(2)
    expect(sweepTarget(1, '2026-06-30', '2026-07-01')).toBe(3)
    expect(sweepTarget(2, '2026-06-30', '2026-07-01')).toBe(3)
    expect(sweepTarget(2, '2026-06-30', '2026-06-30')).toBeNull()
    // A POR VENCER contract whose end moved later is not moved back by the job.
    expect(sweepTarget(2, '2026-12-31', '2026-06-01')).toBeNull()
    expect(sweepTarget(1, null, '2030-01-01')).toBeNull()
    expect(sweepTarget(3, '2026-06-30', '2026-07-01')).toBeNull()
    expect(sweepTarget(4, '2026-06-30', '2026-07-01')).toBeNull()
  })

  it('reads the notice period setting, falling back to 30 days', () => {
    expect(contractSettings({}).expiryNoticeDays).toBe(30)
    expect(contractSettings({ CONTRACT_EXPIRY_NOTICE_DAYS: '45' }).expiryNoticeDays).toBe(45)
    expect(contractSettings({ CONTRACT_EXPIRY_NOTICE_DAYS: 'x' }).expiryNoticeDays).toBe(30)
    expect(contractSettings({ CONTRACT_EXPIRY_NOTICE_DAYS: '0' }).expiryNoticeDays).toBe(30)
  })
})

describe('contract pay', () => {
  it('pays the allowance on the RMV of the pay date, not of the contract start', () => {
    // A contract from June 2024 (RMV 1,025) paid in March 2025 (RMV 1,130).
    const period = { startDate: '2024-06-01', finishDate: null }
    expect(contractPay(2000, true, contractPayDate(period, '2025-03-15'))).toEqual({
      baseSalary: 2000,
      familyAllowance: 113,
      totalSalary: 2113,
    })
    expect(contractPay(2000, true, contractPayDate(period, '2024-12-31')).familyAllowance).toBe(102.5)
  })

  it('takes today as the pay date while the contract runs, else its first or last day', () => {
    const year = { startDate: '2024-06-01', finishDate: '2025-05-31' }
    expect(contractPayDate(year, '2025-01-10')).toBe('2025-01-10')
    expect(contractPayDate(year, '2024-01-10')).toBe('2024-06-01')
    expect(contractPayDate(year, '2026-01-10')).toBe('2025-05-31')
    expect(contractPayDate({ ...year, closedOn: '2024-11-30' }, '2026-01-10')).toBe('2024-11-30')
    expect(contractPayDate({ startDate: '2020-01-01', finishDate: null }, '2026-01-10')).toBe('2026-01-10')
  })

  it('warns when a full-time base salary is below the RMV of the pay date', () => {
    expect(belowMinimumWageWarning(1129.99, '2025-01-01')).toMatch(
      /^El Sueldo Base \(S\/ 1,129\.99\) es menor que la remuneración mínima vital vigente \(S\/ 1,130\.00\)/,
    )
    expect(belowMinimumWageWarning(1130, '2025-01-01')).toBeNull()
    // In 2024 the RMV was S/ 1,025.
    expect(belowMinimumWageWarning(1100, '2024-12-31')).toBeNull()
    expect(belowMinimumWageWarning(1100, '2025-01-01')).not.toBeNull()
  })

  it('knows the RMV of each date', () => {
    expect(minimumWageOn('2025-01-01')).toBe(1130)
    expect(minimumWageOn('2024-12-31')).toBe(1025)
    expect(minimumWageOn('2022-05-01')).toBe(1025)
    expect(minimumWageOn('2022-04-30')).toBe(930)
    expect(familyAllowanceOn('2026-03-01')).toBe(113)
    expect(familyAllowanceOn('2023-07-01')).toBe(102.5)
  })

  it('adds the allowance to the base only when the box is ticked, in céntimos', () => {
    expect(contractPay(2500, true, '2026-01-01')).toEqual({
      baseSalary: 2500,
      familyAllowance: 113,
      totalSalary: 2613,
    })
    expect(contractPay(1130.1, true, '2024-06-01').totalSalary).toBe(1232.6)
    expect(contractPay(0.1 + 0.2, false, '2026-01-01').totalSalary).toBe(0.3)
    expect(contractPay(1500.55, false, '2026-01-01')).toEqual({
      baseSalary: 1500.55,
      familyAllowance: 0,
      totalSalary: 1500.55,
    })
  })
})

describe('five years of fixed-term contracts', () => {
  const chain = [
    { startDate: '2021-03-01', finishDate: '2022-02-28' },
    { startDate: '2022-03-01', finishDate: '2023-02-28' },
    { startDate: '2023-03-01', finishDate: '2024-02-29' },
    { startDate: '2024-03-01', finishDate: '2025-02-28' },
    { startDate: '2025-03-01', finishDate: '2026-02-28' },
  ]

  it('finds the start of the run of consecutive fixed-term contracts', () => {
    expect(fixedTermRunStart(chain, '2026-03-01')).toBe('2021-03-01')
    // A gap of more than a day starts a new run.
    expect(fixedTermRunStart(chain, '2026-03-10')).toBe('2026-03-10')
    // An indefinite contract is not fixed-term.
    expect(fixedTermRunStart([{ startDate: '2020-01-01', finishDate: null }], '2021-01-01')).toBe(
      '2021-01-01',
    )
    // A contract dismissed early ends the run on its real last day.
    const dismissed = [{ startDate: '2025-01-01', finishDate: '2025-12-31', closedOn: '2025-06-30' }]
    expect(fixedTermRunStart(dismissed, '2026-01-01')).toBe('2026-01-01')
  })

  it('warns when a renewal would pass five consecutive years, and not before', () => {
    expect(fixedTermWarning(chain, { startDate: '2026-03-01', finishDate: '2026-08-31' })).toMatch(
      /superaría 5 años de contratos a plazo fijo consecutivos \(desde el 01\/03\/2021; el límite vence el 28\/02\/2026\)/,
    )
    const four = chain.slice(1)
    expect(fixedTermWarning(four, { startDate: '2026-03-01', finishDate: '2026-08-31' })).toBeNull()
    expect(fixedTermWarning(four, { startDate: '2026-03-01', finishDate: '2027-02-28' })).toBeNull()
    expect(fixedTermWarning(four, { startDate: '2026-03-01', finishDate: '2027-08-31' })).toMatch(/superaría/)
    expect(fixedTermWarning(chain, { startDate: '2026-03-01', finishDate: null })).toBeNull()
  })

  it('does not warn on the fifth of five 1-year contracts from 01/01/2021', () => {
    const history: { startDate: string; finishDate: string }[] = []
    let start = '2021-01-01'
    for (let i = 0; i < 4; i++) {
      const finishDate = contractEndDate(start, 4) as string
      history.push({ startDate: start, finishDate })
      start = renewalStart(finishDate)
    }
    const fifth = { startDate: start, finishDate: contractEndDate(start, 4) as string }
    expect(fifth).toEqual({ startDate: '2025-01-01', finishDate: '2025-12-31' })
    expect(fixedTermWarning(history, fifth)).toBeNull()
    history.push(fifth)
    const sixth = { startDate: '2026-01-01', finishDate: contractEndDate('2026-01-01', 1) as string }
    expect(fixedTermWarning(history, sixth)).toMatch(/el límite vence el 31\/12\/2025/)
  })
})
