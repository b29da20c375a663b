import { isBusinessDay } from '../common/business-days'
import { addDays } from '../common/dates'
import { type Cents, formatCents } from '../common/money'

/**
 * The boleta de pago (D.S. 001-98-TR arts. 18–19): what one payroll line shows to its worker, and
 * when it must be in their hands. Pure rules over the data the database gives; the PDF is drawn by
 * `@planillas/formats/boleta-pdf`.
 */

/** What a concept of PLAME table 22 does on the boleta (the `kind` column of `payroll_line_concepts`). */
export const conceptKind = {
  1: { key: 'INCOME', label: 'Ingresos' },
  2: { key: 'DEDUCTION', label: 'Descuentos y aportes del trabajador' },
  3: { key: 'EMPLOYER', label: 'Aportes del empleador' },
} as const
export type ConceptKind = keyof typeof conceptKind

export type BoletaConcept = { code: string; description: string; kind: number; amountCents: number }

/** Everything a boleta shows: the payroll line with its employer, worker record and concepts. */
export type BoletaData = {
  lineId: number
  payrollCode: string
  payrollName: string
  /** 'AAAAMM'. */
  period: string
  employer: {
    ruc: string | null
    name: string | null
    /** Where the employer came from: the contract in force in the period, else the employee's record. */
    source: 'contract' | 'employee' | 'none'
  }
  worker: {
    fullName: string
    identifierType: number
    identifier: string
    /** 'AAAA-MM-DD': start of the contract in force (else the first contract), or null. */
    entryDate: string | null
    position: string | null
  }
  daysWorked: number | null
  ordinaryMinutes: number | null
  overtimeMinutes: number | null
  concepts: BoletaConcept[]
  /** What the payroll line pays (the amount the bank file carries). */
  amountCents: number
  /** 'AAAA-MM-DD' the bank paid the line, or null. */
  paidDate: string | null
}

export type BoletaTotals = {
  incomeCents: Cents
  deductionCents: Cents
  employerCents: Cents
  /** Ingresos minus descuentos: the net pay the concepts give. */
  netCents: Cents
}

/** The concepts of one kind, in code order (the order PLAME lists them). */
export function conceptsOfKind(concepts: readonly BoletaConcept[], kind: ConceptKind): BoletaConcept[] {
  return concepts.filter((c) => c.kind === kind).sort((a, b) => a.code.localeCompare(b.code))
}

export function boletaTotals(concepts: readonly BoletaConcept[]): BoletaTotals {
  let income = 0
  let deduction = 0
  let employer = 0
  for (const c of concepts) {
    if (c.kind === 1) income += c.amountCents
    else if (c.kind === 2) deduction += c.amountCents
    else if (c.kind === 3) employer += c.amountCents
  }
  return {
    incomeCents: income as Cents,
    deductionCents: deduction as Cents,
    employerCents: employer as Cents,
    netCents: (income - deduction) as Cents,
  }
}

/** 'S/ 2,266.78' as the boleta prints it. */
export const boletaMoney = (cents: number) => formatCents(cents)

/** '160:30' from minutes, as hours and minutes worked; null → '---'. */
export function hoursOf(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '---'
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
}

/**
 * Delivered "a más tardar el tercer día hábil siguiente a la fecha de pago" (D.S. 001-98-TR art.
 * 19 as amended; docs/decisions/boletas.md gives the sources and what is not confirmed).
 */
export const BOLETA_DELIVERY_BUSINESS_DAYS = 3

/** The last day to deliver a boleta paid on `paidDate` ('AAAA-MM-DD'): the 3rd business day after it. */
export function boletaDueDate(paidDate: string, holidays: ReadonlySet<string>): string {
  let day = paidDate
  let found = 0
  while (found < BOLETA_DELIVERY_BUSINESS_DAYS) {
    day = addDays(day, 1)
    if (isBusinessDay(day, holidays)) found++
  }
  return day
}

/**
 * Where one line's boleta stands: not yet due (the line is not paid), pending (due, in time),
 * overdue (past the deadline and not delivered), delivered (in time or late), acknowledged.
 */
export const boletaState = {
  1: { key: 'UNPAID', label: 'SIN ABONO' },
  2: { key: 'PENDING', label: 'PENDIENTE' },
  3: { key: 'OVERDUE', label: 'VENCIDA' },
  4: { key: 'DELIVERED', label: 'ENTREGADA' },
  5: { key: 'DELIVERED_LATE', label: 'ENTREGADA CON RETRASO' },
  6: { key: 'ACKNOWLEDGED', label: 'RECIBIDA' },
} as const
export const BOLETA_STATE = {
  UNPAID: 1,
  PENDING: 2,
  OVERDUE: 3,
  DELIVERED: 4,
  DELIVERED_LATE: 5,
  ACKNOWLEDGED: 6,
} as const

export type BoletaDelivery = {
  paidDate: string | null
  /** 'AAAA-MM-DD' in Lima the boleta was delivered (sent or handed over), or null. */
  deliveredOn: string | null
  acknowledged: boolean
}

/** The state of a line's boleta on `today` ('AAAA-MM-DD', Lima); `late` says a delivery came after the deadline. */
export function boletaStateOf(
  line: BoletaDelivery,
  today: string,
  holidays: ReadonlySet<string>,
): { state: number; dueDate: string | null; late: boolean } {
  const dueDate = line.paidDate ? boletaDueDate(line.paidDate, holidays) : null
  if (line.deliveredOn) {
    const late = dueDate !== null && line.deliveredOn > dueDate
    const state = line.acknowledged
      ? BOLETA_STATE.ACKNOWLEDGED
      : late
        ? BOLETA_STATE.DELIVERED_LATE
        : BOLETA_STATE.DELIVERED
    return { state, dueDate, late }
  }
  if (!dueDate) return { state: BOLETA_STATE.UNPAID, dueDate, late: false }
  return { state: today > dueDate ? BOLETA_STATE.OVERDUE : BOLETA_STATE.PENDING, dueDate, late: false }
}

/** How a boleta was delivered: 1 by e-mail (the worker sent it), 2 by hand (a clerk recorded it). */
export const boletaDeliveryMethod = {
  1: { key: 'EMAIL', label: 'Correo electrónico' },
  2: { key: 'MANUAL', label: 'Entrega registrada a mano' },
} as const

/** The boleta's file name: 'boleta-202606-DNI-12345678.pdf'. */
export function boletaFileName(period: string, identifier: string): string {
  return `boleta-${period}-${identifier.replace(/[^0-9A-Za-z-]/g, '')}.pdf`
}
