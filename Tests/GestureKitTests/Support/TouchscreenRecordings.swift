import GestureKit

// Touch streams as real devices deliver them, kept as data: one event a
// line, `MS X Y` for a down or motion and `MS up` for the lift (see
// `RecordedStream`). Times are `wl_touch` milliseconds, so a 60 Hz panel's
// 16.7 ms scans arrive 16 or 17 ms apart and a 120 Hz panel's 8 or 9 ms
// apart; positions are logical px to 0.01 px, with the sensor's noise of a
// few tenths of a pixel. The comment above each says what the finger did
// and, where it is not plain from that, the velocity worked out by hand.

extension RecordedStream {
    /// A 60 Hz panel; a finger drags right at a steady 480 px/s for a third
    /// of a second and lifts at once.
    static let steadyDrag60Hz = RecordedStream("""
        #  ms        x        y
           0   119.63   299.93
          16   127.87   299.96
          33   136.07   300.32
          50   144.27   300.26
          67   152.08   299.80
          83   159.67   300.19
         100   167.45   299.74
         117   175.68   300.12
         133   183.98   300.38
         150   192.04   300.28
         167   199.72   299.96
         183   207.48   300.12
         200   215.70   300.00
         217   224.07   299.64
         234   231.90   300.18
         250   240.74   299.96
         267   248.46   300.35
         283   256.06   299.91
         300   263.84   299.89
         317   272.04   299.80
         334   280.69   300.11
         336  up
        """)

    /// A 120 Hz panel; a fling up and to the left: from rest the finger
    /// speeds up evenly at 12,000 px/s² for 200 ms, along (-0.6, -0.8),
    /// and lifts 3 ms after the last sample at its top speed, 2,400 px/s.
    /// The samples of the last 100 ms (100 to 200 ms) are evenly spread
    /// around 150 ms, and the least-squares slope of an evenly accelerating
    /// position over a window is its speed at the middle of that window:
    /// 12,000 × 0.150 = 1,800 px/s, i.e. (-1,080, -1,440) px/s.
    static let fling120Hz = RecordedStream("""
        #  ms        x        y
           0   299.91   379.96
           8   299.73   379.41
          17   298.91   378.35
          25   297.46   376.43
          33   295.90   374.93
          42   293.27   371.68
          50   291.26   368.04
          58   287.54   363.42
          67   284.24   358.75
          75   279.77   352.89
          83   275.19   346.73
          92   269.50   339.34
         100   264.07   332.22
         108   257.97   323.70
         117   251.12   314.46
         125   243.89   304.84
         133   236.46   295.20
         141   227.87   283.88
         150   219.03   271.79
         158   209.88   260.20
         167   199.54   246.48
         175   189.57   232.11
         184   178.33   218.45
         192   167.17   202.91
         200   155.69   187.81
         203  up
        """)

    /// A 60 Hz panel; a finger drags right at 600 px/s for 200 ms, stops
    /// (the compositor sends nothing while it rests), and lifts 60 ms later.
    static let restBeforeLift60Hz = RecordedStream("""
        #  ms        x        y
           0    79.64   199.98
          17    90.00   199.89
          34   100.39   199.87
          50   109.93   199.82
          67   120.10   199.85
          83   129.79   200.33
         100   139.84   199.93
         117   149.93   200.04
         133   160.14   199.86
         150   169.72   200.06
         167   179.91   200.09
         183   189.75   199.70
         200   200.26   200.37
         260  up
        """)

    /// A 120 Hz panel; a finger drags right at 900 px/s for 150 ms, then
    /// rests for 150 ms while the sensor's noise keeps reporting it a few
    /// tenths of a pixel apart, and lifts.
    static let noisyRestBeforeLift120Hz = RecordedStream("""
        #  ms        x        y
           0    49.47   250.07
           8    57.64   250.58
          17    64.72   249.52
          25    72.43   250.29
          33    80.09   250.13
          42    87.62   250.02
          50    95.07   250.23
          59   102.70   249.41
          66   110.11   249.58
          75   116.98   250.07
          83   124.77   250.19
          92   133.03   249.59
         100   139.71   250.25
         108   147.82   249.98
         117   154.73   250.09
         125   162.05   250.14
         133   169.89   250.07
         142   177.00   249.51
         150   185.66   250.07
         158   185.10   249.71
         167   185.13   250.24
         175   185.50   250.12
         184   184.78   249.94
         192   184.82   250.06
         200   184.90   249.92
         209   184.80   250.34
         217   184.60   250.25
         225   184.87   250.39
         233   185.07   250.14
         242   184.75   249.91
         250   184.67   250.05
         258   185.27   250.34
         267   185.32   249.95
         275   185.08   250.01
         283   184.87   250.29
         291   185.00   250.01
         300   185.18   250.31
         304  up
        """)

    /// A 120 Hz panel; a finger drags right at 1,000 px/s for 200 ms, rests
    /// 60 ms without an event, then, as the finger pad rolls off the glass,
    /// the contact's centre moves 1.3 px in one last motion, and it lifts
    /// 2 ms later.
    static let liftWobbleAfterRest120Hz = RecordedStream("""
        #  ms        x        y
           0    39.57   150.07
           9    48.70   149.76
          16    56.77   150.05
          25    65.20   150.14
          34    73.62   149.77
          42    81.52   150.27
          50    89.46   150.02
          58    98.10   150.04
          67   106.85   150.20
          75   114.77   150.08
          83   123.17   150.02
          92   131.65   150.09
         100   140.01   149.93
         108   148.59   150.11
         116   156.89   150.13
         125   164.93   149.98
         133   173.11   149.79
         142   181.72   150.26
         150   190.11   149.83
         158   198.05   150.21
         167   206.95   149.80
         175   215.25   149.66
         183   223.27   150.02
         191   231.71   150.06
         200   239.59   150.05
         260   240.70   150.66
         262  up
        """)

    /// A 120 Hz panel; a finger drags down at 720 px/s. After the 142 ms
    /// sample the 125 ms one arrives again, late (index 18), with its own
    /// older time stamp.
    static let lateSample120Hz = RecordedStream("""
        #  ms        x        y
           0   199.86    59.82
           9   200.28    66.14
          17   199.84    72.02
          25   199.64    78.42
          34   199.70    84.40
          42   199.77    90.36
          50   199.99    95.90
          58   199.71   102.08
          67   200.07   108.25
          75   199.87   113.92
          83   199.81   119.97
          92   199.90   125.99
         100   199.75   132.21
         108   199.97   138.12
         117   199.84   144.14
         125   199.93   149.79
         133   199.70   156.07
         142   200.11   161.83
         125   199.93   149.79
         150   200.32   168.16
         158   199.92   173.44
         161  up
        """)

    /// A 60 Hz panel; a finger drags right at 540 px/s until 200 ms, and every
    /// sample arrives twice (same time, same place), then it rests while a
    /// second finger moves, so each frame repeats its unchanged position,
    /// and it lifts 4 ms after the last.
    static let repeatedSamples60Hz = RecordedStream("""
        #  ms        x        y
           0   100.26   319.71
           0   100.26   319.71
          17   109.32   320.36
          17   109.32   320.36
          34   117.59   319.89
          34   117.59   319.89
          50   126.96   320.23
          50   126.96   320.23
          67   136.05   320.34
          67   136.05   320.34
          84   145.74   319.81
          84   145.74   319.81
         100   153.64   319.98
         100   153.64   319.98
         117   163.49   319.95
         117   163.49   319.95
         133   171.78   320.26
         133   171.78   320.26
         150   180.67   319.58
         150   180.67   319.58
         167   190.46   319.94
         167   190.46   319.94
         183   198.97   319.82
         183   198.97   319.82
         200   208.41   319.95
         200   208.41   319.95
         217   208.41   319.95
         233   208.41   319.95
         250   208.41   319.95
         267   208.41   319.95
         271  up
        """)

    /// A 120 Hz panel; a finger drags right at 600 px/s for 150 ms, turns at
    /// once and drags back left at 600 px/s for 150 ms.
    static let reversal120Hz = RecordedStream("""
        #  ms        x        y
           0    99.86   239.98
           8   104.58   240.02
          17   110.22   239.76
          25   114.93   240.14
          33   120.11   240.02
          42   124.88   240.12
          50   130.21   239.91
          58   134.70   240.17
          67   139.64   239.95
          75   145.00   239.59
          84   150.08   239.62
          92   155.20   239.81
         100   159.67   239.80
         108   165.07   240.38
         117   170.54   239.59
         125   175.08   239.88
         133   179.91   240.00
         142   185.56   240.05
         150   189.59   239.51
         159   184.59   239.93
         167   180.46   239.94
         175   174.77   240.17
         184   169.88   240.21
         191   165.30   240.19
         200   160.25   239.84
         208   154.59   240.20
         217   150.05   239.86
         225   144.88   240.11
         233   140.39   240.14
         242   134.87   240.23
         250   129.82   240.16
         258   124.84   240.16
         266   120.13   239.77
         275   114.98   239.77
         283   110.00   240.05
         292   104.85   239.88
         300    99.89   240.33
         302  up
        """)

    /// A 1,000 Hz gaming mouse; a left-button drag (one emulated touch) goes
    /// right at a steady 300 px/s for 60 ms: more samples than the tracker
    /// keeps.
    static let mouseDrag1000Hz = RecordedStream("""
        #  ms        x        y
           0    10.00    10.00
           1    10.30    10.00
           2    10.60    10.00
           3    10.90    10.00
           4    11.20    10.00
           5    11.50    10.00
           6    11.80    10.00
           7    12.10    10.00
           8    12.40    10.00
           9    12.70    10.00
          10    13.00    10.00
          11    13.30    10.00
          12    13.60    10.00
          13    13.90    10.00
          14    14.20    10.00
          15    14.50    10.00
          16    14.80    10.00
          17    15.10    10.00
          18    15.40    10.00
          19    15.70    10.00
          20    16.00    10.00
          21    16.30    10.00
          22    16.60    10.00
          23    16.90    10.00
          24    17.20    10.00
          25    17.50    10.00
          26    17.80    10.00
          27    18.10    10.00
          28    18.40    10.00
          29    18.70    10.00
          30    19.00    10.00
          31    19.30    10.00
          32    19.60    10.00
          33    19.90    10.00
          34    20.20    10.00
          35    20.50    10.00
          36    20.80    10.00
          37    21.10    10.00
          38    21.40    10.00
          39    21.70    10.00
          40    22.00    10.00
          41    22.30    10.00
          42    22.60    10.00
          43    22.90    10.00
          44    23.20    10.00
          45    23.50    10.00
          46    23.80    10.00
          47    24.10    10.00
          48    24.40    10.00
          49    24.70    10.00
          50    25.00    10.00
          51    25.30    10.00
          52    25.60    10.00
          53    25.90    10.00
          54    26.20    10.00
          55    26.50    10.00
          56    26.80    10.00
          57    27.10    10.00
          58    27.40    10.00
          59    27.70    10.00
          60    28.00    10.00
          61  up
        """)
}
