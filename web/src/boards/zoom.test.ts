// The board's zoom steps and pinch (see zoom.ts). Run by `npm test` (test.mjs).
import { equal } from "../testkit";
import { fitZoom, maxZoom, nextZoom, pinchZoom } from "./zoom";

export const tests: Record<string, () => void> = {
  "zooming in from fit and back out lands on fit again": () => {
    let z = fitZoom;
    for (let i = 0; i < 3; i++) z = nextZoom(z, 1);
    equal(z, 3);
    for (let i = 0; i < 3; i++) z = nextZoom(z, -1);
    equal(z, fitZoom);
  },
  "zoom stops at fit and at the largest zoom": () => {
    equal(nextZoom(fitZoom, -1), fitZoom);
    let z = fitZoom;
    for (let i = 0; i < 20; i++) z = nextZoom(z, 1);
    equal(z, maxZoom);
  },
  "after a pinch the buttons go on from the nearest level beyond": () => {
    equal(nextZoom(1.7, 1), 2);
    equal(nextZoom(1.7, -1), 1.5);
  },
  "a pinch scales by the fingers' spread, within the limits": () => {
    equal(pinchZoom(1, 100, 200), 2);
    equal(pinchZoom(2, 200, 100), 1);
    equal(pinchZoom(1, 100, 50), fitZoom);
    equal(pinchZoom(3, 100, 1000), maxZoom);
    equal(pinchZoom(1.5, 0, 100), 1.5);
  },
};
