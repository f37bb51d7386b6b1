import type { EChartsType } from 'echarts/core';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import type { ChartConfig } from '../../api/query-types.ts';
import { isDarkTheme, useThemeStore } from '../../stores/theme-store.ts';
import { buildChartOption, type ChartData } from './chart-option.ts';
import { echarts } from './echarts-setup.ts';

export interface ChartCanvasProps {
  config: ChartConfig;
  data: ChartData;
  height?: number;
  /** The ECharts instance, for PNG export. */
  onReady?: (chart: EChartsType) => void;
  label?: string;
}

/**
 * Draws a chart config over a result with ECharts. This module is the charts' lazy chunk: only
 * LazyChart imports it, so ECharts loads the first time a chart is shown.
 */
export function ChartCanvas({ config, data, height = 320, onReady, label = 'Chart' }: ChartCanvasProps) {
  const dark = isDarkTheme(useThemeStore((state) => state.preference));
  const option = useMemo(() => buildChartOption(config, data), [config, data]);
  return (
    <div role="img" aria-label={label} data-chart-type={config.type}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        theme={dark ? 'dark' : undefined}
        style={{ height, width: '100%' }}
        opts={{ renderer: 'canvas' }}
        {...(onReady ? { onChartReady: onReady } : {})}
      />
    </div>
  );
}
