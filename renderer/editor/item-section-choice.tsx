// Which section a line sits in, chosen from a list: the way to move it without dragging.
import type { Group } from './groups';

export function ItemSectionChoice({
  itemId,
  name,
  groups,
  onMoveTo,
}: {
  itemId: string;
  name: string;
  groups: Group[];
  onMoveTo: (sectionId: string | null) => void;
}) {
  const here = groups.find((g) => g.items.some((i) => i.id === itemId));
  return (
    <div className="item-tools">
      <label className="item-meta">
        Section{' '}
        <select
          className="input"
          value={here?.sectionId ?? ''}
          onChange={(e) => onMoveTo(e.target.value || null)}
          aria-label={`Section of ${name}`}
        >
          {groups.map((g) => (
            <option key={g.sectionId ?? ''} value={g.sectionId ?? ''}>
              {g.sectionId ? g.name : 'No section'}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
