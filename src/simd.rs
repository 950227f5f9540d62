//! Sixteen bytes at a time, for the searches that run on every line.
//!
//! SSE2 is part of every x86_64 CPU, so these need no runtime detection.
//! They go through `safe_arch`, whose functions wrap the intrinsics safely,
//! so that the crate keeps `forbid(unsafe_code)`. Other targets do without
//! this module (see each caller).

use core::ops::{BitAnd, BitOr, BitOrAssign};

use safe_arch::{
    cmp_eq_mask_i8_m128i, load_unaligned_m128i, m128i, max_u8_m128i, min_u8_m128i,
    move_mask_i8_m128i, set_splat_i8_m128i,
};

/// Sixteen bytes, one per lane.
#[derive(Clone, Copy)]
pub(crate) struct Lanes(m128i);

/// A test of sixteen lanes: all ones in a lane where it holds.
#[derive(Clone, Copy)]
pub(crate) struct Hits(m128i);

#[inline(always)]
fn splat(c: u8) -> m128i {
    set_splat_i8_m128i(c as i8)
}

impl Lanes {
    #[inline(always)]
    pub(crate) fn load(bytes: &[u8; 16]) -> Lanes {
        Lanes(load_unaligned_m128i(bytes))
    }

    /// Each lane with the bits of `c` set.
    #[inline(always)]
    pub(crate) fn with_bits(self, c: u8) -> Lanes {
        Lanes(self.0 | splat(c))
    }

    /// The lanes equal to `c`.
    #[inline(always)]
    pub(crate) fn eq(self, c: u8) -> Hits {
        Hits(cmp_eq_mask_i8_m128i(self.0, splat(c)))
    }

    /// The lanes equal to the same lane of `other`.
    #[inline(always)]
    pub(crate) fn same(self, other: Lanes) -> Hits {
        Hits(cmp_eq_mask_i8_m128i(self.0, other.0))
    }

    /// The lanes at or below `c`, unsigned: `max(lane, c) == c`.
    #[inline(always)]
    pub(crate) fn at_most(self, c: u8) -> Hits {
        Hits(cmp_eq_mask_i8_m128i(
            max_u8_m128i(self.0, splat(c)),
            splat(c),
        ))
    }

    /// The lanes from `low` to `high`, unsigned and inclusive: `max(lane,
    /// low) == min(lane, high)`, which holds only inside the range.
    #[inline(always)]
    pub(crate) fn within(self, low: u8, high: u8) -> Hits {
        Hits(cmp_eq_mask_i8_m128i(
            max_u8_m128i(self.0, splat(low)),
            min_u8_m128i(self.0, splat(high)),
        ))
    }

    /// The lanes at or above `c`, unsigned: `max(lane, c) == lane`.
    #[inline(always)]
    pub(crate) fn at_least(self, c: u8) -> Hits {
        Hits(cmp_eq_mask_i8_m128i(max_u8_m128i(self.0, splat(c)), self.0))
    }
}

impl Hits {
    /// Bit `i` set when lane `i` holds; bits 16 and up are clear.
    #[inline(always)]
    pub(crate) fn bits(self) -> u32 {
        move_mask_i8_m128i(self.0) as u32
    }
}

impl BitOr for Hits {
    type Output = Hits;

    #[inline(always)]
    fn bitor(self, other: Hits) -> Hits {
        Hits(self.0 | other.0)
    }
}

impl BitOrAssign for Hits {
    #[inline(always)]
    fn bitor_assign(&mut self, other: Hits) {
        self.0 = self.0 | other.0;
    }
}

impl BitAnd for Hits {
    type Output = Hits;

    #[inline(always)]
    fn bitand(self, other: Hits) -> Hits {
        Hits(self.0 & other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::Lanes;

    #[test]
    fn each_test_sets_the_bits_of_its_lanes() {
        let bytes = *b"\0 !u\x7f\x80\xffU#\n\r  aa:";
        let lanes = Lanes::load(&bytes);
        let by_byte =
            |test: fn(u8) -> bool| (0..16).fold(0, |bits, i| bits | u32::from(test(bytes[i])) << i);
        assert_eq!(lanes.eq(b'u').bits(), by_byte(|b| b == b'u'));
        assert_eq!(lanes.eq(0).bits(), by_byte(|b| b == 0));
        // Unsigned: 0x80 and 0xFF are above a space and at least DEL.
        assert_eq!(lanes.at_most(b' ').bits(), by_byte(|b| b <= b' '));
        assert_eq!(lanes.at_least(0x7F).bits(), by_byte(|b| b >= 0x7F));
        for (low, high) in [(0x09, 0x0D), (0, 0x20), (0x7F, 0xFF), (b'u', b'u')] {
            let inside = (0..16).fold(0, |bits, i| {
                bits | u32::from((low..=high).contains(&bytes[i])) << i
            });
            assert_eq!(
                lanes.within(low, high).bits(),
                inside,
                "{low:#x}..={high:#x}"
            );
        }
        let other = Lanes::load(b"\0 !v\x7f\x80\xfeU#\n\r  ab:");
        assert_eq!(lanes.same(other).bits(), 0b1011_1111_1011_0111);
        let either = lanes.eq(b'u') | lanes.eq(b'U');
        assert_eq!(either.bits(), by_byte(|b| b == b'u' || b == b'U'));
        let both = either & Lanes::load(&[b' '; 16]).at_most(b' ');
        assert_eq!(both.bits(), either.bits());
        // Setting the case bit makes `U` a `u`, and nothing else one.
        assert_eq!(lanes.with_bits(0x20).eq(b'u').bits(), either.bits());
        assert_eq!(
            lanes.with_bits(0x20).eq(b' ').bits(),
            by_byte(|b| b | 0x20 == b' ')
        );
    }
}
