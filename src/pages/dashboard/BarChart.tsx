// One bar or line chart of a dashboard report, drawn by Apache ECharts (its tree-shaken core: bar and
// line charts, grid, tooltip, SVG renderer). Loaded with React.lazy by SurveyReports, so ECharts is
// fetched only when a report is shown. The chart is an image to assistive technology: the caller gives
// its summary as the label, and the same figures are one click away as a table.
import { BarChart as EBar, LineChart as ELine } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useDocumentDir } from '../../app/documentLocale';

echarts.use([EBar, ELine, GridComponent, TooltipComponent, SVGRenderer]);

export interface ChartProps {
  labels: string[];
  values: number[];
  /** Bars along the vertical axis (long category names), or columns / a line over time. */
  layout: 'horizontal' | 'vertical' | 'line';
  summary: string;
  testId?: string;
}

const BRAND = '#2563eb';

export default function BarChart({ labels, values, layout, summary, testId }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const height = layout === 'horizontal' ? Math.max(140, labels.length * 30 + 40) : 240;
  // Right to left, the chart mirrors: bars grow from the right, the categories and the value scale
  // stand on the right and time runs leftwards. ECharts lays out its own texts as left to right, so
  // its box stays ltr whatever the page's direction.
  const rtl = useDocumentDir() === 'rtl';
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el, undefined, { renderer: 'svg' });
    const category = {
      type: 'category' as const,
      data: labels,
      // Each name in its own direction (first-strong isolate) in the ltr box: an Arabic date or choice
      // label keeps its order.
      axisLabel: { width: 110, overflow: 'truncate' as const, color: '#374151', formatter: (name: string) => `\u2068${name}\u2069` },
      ...(rtl ? (layout === 'horizontal' ? { position: 'right' as const } : { inverse: true }) : {}),
    };
    const value = {
      type: 'value' as const,
      minInterval: 1,
      axisLabel: { color: '#374151' },
      ...(rtl ? (layout === 'horizontal' ? { inverse: true } : { position: 'right' as const }) : {}),
    };
    chart.setOption({
      aria: { enabled: false },
      animation: false,
      grid: { left: rtl ? 16 : 8, right: rtl ? 8 : 16, top: 12, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      xAxis: layout === 'horizontal' ? value : category,
      yAxis: layout === 'horizontal' ? { ...category, inverse: true } : value,
      series: [
        {
          type: layout === 'line' ? 'line' : 'bar',
          data: values,
          itemStyle: { color: BRAND },
          barMaxWidth: 32,
          label: { show: layout === 'horizontal', position: rtl ? 'left' : 'right' },
        },
      ],
    });
    const ro = new ResizeObserver(() => chart.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      chart.dispose();
    };
  }, [labels, values, layout, rtl]);
  return <div ref={ref} dir="ltr" role="img" aria-label={summary} data-testid={testId} style={{ width: '100%', height }} />;
}
