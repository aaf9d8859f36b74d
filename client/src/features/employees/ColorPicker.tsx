import { CheckOutlined } from "@ant-design/icons";
import { AVATAR_COLORS, type AvatarColor } from "@sched/shared-types";
import { useId } from "react";
import { AVATAR_HEX, colorLabel } from "../../entities/employee/avatarColors";

type ColorPickerProps = { value?: AvatarColor; onChange?: (color: AvatarColor) => void; id?: string };

/** The eight avatar colours as real radio buttons drawn as swatches (a Form control: value/onChange). */
export function ColorPicker({ value, onChange, id }: ColorPickerProps) {
  const name = useId();
  return (
    <fieldset className="color-picker" id={id}>
      <legend className="color-picker__legend">Avatar color</legend>
      {AVATAR_COLORS.map((color) => {
        const isSelected = value === color;
        return (
          <label
            key={color}
            title={colorLabel(color)}
            className={`color-picker__swatch${isSelected ? " is-selected" : ""}`}
            style={{ background: AVATAR_HEX[color] }}
          >
            <input
              type="radio"
              name={name}
              value={color}
              checked={isSelected}
              aria-label={colorLabel(color)}
              onChange={() => onChange?.(color)}
            />
            {isSelected ? <CheckOutlined /> : null}
          </label>
        );
      })}
    </fieldset>
  );
}
