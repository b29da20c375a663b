import { TextField } from '~/components/form/fields'
import { FormCard } from '~/components/form/form-layout'
import type { EmployeeFieldset } from './employee-fieldset'

/** 'Datos de contacto': mobile, e-mail and the emergency contact (employee and hiring forms). */
export function ContactSection({ fields }: { fields: EmployeeFieldset }) {
  return (
    <FormCard title="Datos de contacto">
      <TextField
        meta={fields.personalPhone}
        type="tel"
        label="Celular"
        required
        inputMode="numeric"
        maxLength={9}
      />
      <TextField
        meta={fields.personalEmail}
        type="email"
        label="Correo electrónico"
        required
        maxLength={150}
      />
      <TextField meta={fields.emergencyContact} label="Contacto de emergencia" maxLength={150} />
      <TextField
        meta={fields.emergencyPhoneNumber}
        type="tel"
        label="Teléfono de emergencia"
        inputMode="numeric"
        maxLength={9}
      />
    </FormCard>
  )
}
