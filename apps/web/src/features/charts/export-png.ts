import type { EChartsType } from 'echarts/core';
import { filenameFor } from '../queries/save-file.ts';

/**
 * Downloads what the chart shows as a PNG, at twice the screen resolution, on a solid background
 * (a transparent PNG reads badly once pasted into a document).
 */
export function exportChartPng(chart: EChartsType, title: string, dark = false): void {
  const url = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: dark ? '#09090b' : '#ffffff' });
  const link = document.createElement('a');
  link.href = url;
  link.download = filenameFor(title, 'png', 'chart');
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
