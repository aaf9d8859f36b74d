/**
 * The stops' numbered discs as map images (docs/schedule.md, "Map"): the stops are a symbol
 * layer whose `icon-image` names the disc (`stop:<fill>:<text>:<number>`), and each disc is
 * drawn the first time the map asks for it (MapLibre's `styleimagemissing`). No glyphs are
 * needed (the plain background has no font server) and no DOM element per stop.
 */
import type { MapLibreMap } from "maplibre-gl";
import { STOP_ICON_PREFIX as PREFIX } from "./routeModel";

/** The disc's diameter in CSS pixels, as the DOM marker of the selected stop (route-map.css). */
const DIAMETER = 26;
/** Room around the disc for its shadow. */
const MARGIN = 3;

/** A disc in the route's colour with a white ring and its number, at the screen's pixel ratio. */
function drawStop(id: string): { image: ImageData; pixelRatio: number } | null {
  const [fill, text, number] = id.slice(PREFIX.length).split(":");
  const pixelRatio = Math.min(2, Math.max(1, Math.round(window.devicePixelRatio || 1)));
  const size = (DIAMETER + 2 * MARGIN) * pixelRatio;
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.scale(pixelRatio, pixelRatio);
  const centre = DIAMETER / 2 + MARGIN;
  context.beginPath();
  context.arc(centre, centre, DIAMETER / 2 - 1, 0, 2 * Math.PI);
  context.shadowColor = "rgb(0 0 0 / 45%)";
  context.shadowBlur = 3;
  context.shadowOffsetY = 1;
  context.fillStyle = fill;
  context.fill();
  context.shadowColor = "transparent";
  context.lineWidth = 2;
  context.strokeStyle = "#ffffff";
  context.stroke();
  context.fillStyle = text;
  context.font = "600 12px system-ui, sans-serif";
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillText(number, centre, centre + 0.5);
  return { image: context.getImageData(0, 0, size, size), pixelRatio };
}

/** Draws each stop's disc when the map first needs it. */
export function addStopIcons(map: MapLibreMap): void {
  map.on("styleimagemissing", ({ id }) => {
    if (!id.startsWith(PREFIX) || map.hasImage(id)) return;
    const drawn = drawStop(id);
    if (drawn) map.addImage(id, drawn.image, { pixelRatio: drawn.pixelRatio });
  });
}
