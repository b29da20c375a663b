import { useEffect } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { currentLink, isGroup, isUnder, type MenuEntry, type MenuGroup } from '~/menu'

const STORAGE_KEY = 'planillas.menu.open'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 ${isActive ? 'bg-white/20 font-semibold' : 'hover:bg-white/10'}`

/**
 * The menu. Groups are `<details>`, so they open without JavaScript; with it, their open state is
 * remembered in local storage.
 */
export function SideMenu({ menu }: { menu: readonly MenuEntry[] }) {
  const { pathname } = useLocation()

  useEffect(() => {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, boolean>
    for (const el of document.querySelectorAll<HTMLDetailsElement>('details[data-menu-group]')) {
      const id = el.dataset.menuGroup!
      if (id in saved && !el.querySelector('[aria-current="page"]')) el.open = saved[id]
      el.ontoggle = () => {
        const state = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')
        localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...state, [id]: el.open }))
      }
    }
  }, [])

  return (
    <ul className="flex flex-col gap-1 px-3 text-sm">
      {menu.map((entry) =>
        isGroup(entry) ? (
          <MenuGroupItem key={entry.id} entry={entry} pathname={pathname} />
        ) : (
          <li key={entry.to}>
            <NavLink to={entry.to} end={entry.to === '/'} className={linkClass} data-menu={entry.label}>
              {entry.label}
            </NavLink>
          </li>
        ),
      )}
    </ul>
  )
}

/** A group of links, open when the page is under one of them; its deepest such link is current. */
function MenuGroupItem({ entry, pathname }: { entry: MenuGroup; pathname: string }) {
  const here = currentLink(pathname, entry.children)
  return (
    <li>
      <details
        data-menu-group={entry.id}
        open={entry.children.some((c) => isUnder(pathname, c.to))}
        className="group"
      >
        <summary className="flex cursor-pointer list-none items-center justify-between rounded px-3 py-2 hover:bg-white/10">
          {entry.label}
          <span aria-hidden="true" className="transition group-open:rotate-90">
            ›
          </span>
        </summary>
        <ul className="mt-1 ml-3 flex flex-col gap-1 border-l border-white/20 pl-2">
          {entry.children.map((child) => {
            const current = child === here
            return (
              <li key={child.to}>
                <Link
                  to={child.to}
                  aria-current={current ? 'page' : undefined}
                  className={linkClass({ isActive: current })}
                  data-menu={child.label}
                >
                  {child.label}
                </Link>
              </li>
            )
          })}
        </ul>
      </details>
    </li>
  )
}
