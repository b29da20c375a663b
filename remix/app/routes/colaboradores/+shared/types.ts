/** Select options of the forms and filters (web-only shapes; the API's are in the domain). */
export type Option = { value: string; label: string }
export type Catalogs = { areas: Option[]; positions: Option[]; companies: Option[] }
